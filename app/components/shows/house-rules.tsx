import { houseRuleLines, type HouseRules } from "~/lib/house-rules";

/**
 * The show's house rules (its own, else its venue's: app/lib/house-rules.ts), just above the
 * ticket button, as club sites put them next to Buy (issue 42). Nothing when none is known.
 */
export function HouseRulesList({ rules }: { rules: HouseRules | null | undefined }) {
  const lines = houseRuleLines(rules);
  if (!lines.length) return null;
  return (
    <dl className="house-rules" aria-label="House rules">
      {lines.map((l) => (
        <div key={l.label} className="house-rules__item">
          <dt>{l.label}</dt>
          <dd>{l.text}</dd>
        </div>
      ))}
    </dl>
  );
}
