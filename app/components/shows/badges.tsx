import type { Badge } from "~/lib/badges";

export function BadgeList({ badges, className = "" }: { badges: Badge[]; className?: string }) {
  if (badges.length === 0) return null;
  return (
    <ul className={`badge-list ${className}`} aria-label="Badges">
      {badges.map((b) => (
        <li key={b.label} className={`badge badge--${b.kind}`}>
          {b.label}
        </li>
      ))}
    </ul>
  );
}
