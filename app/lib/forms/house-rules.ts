import { z } from "zod";
import { effectiveHouseRules, type HouseRules } from "../house-rules";

/**
 * The house rules' six form fields (issue 42), which the event form and the venue form both give.
 * Here, apart from the rules (app/lib/house-rules.ts), so the public pages that show the rules do
 * not bring zod to the browser.
 */
const note = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

const wholeNumber = (max: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const n = Number(v);
      if (!/^\d{1,3}$/.test(v) || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/** The six fields, spread into a form's z.object shape. */
export const houseRuleFields = {
  ruleMinAge: wholeNumber(99, "Enter an age in years (0 for all ages), or leave it empty"),
  ruleMinimum: note(100),
  ruleSeating: note(100),
  rulePhones: note(100),
  ruleContent: z
    .enum(["", "clean", "adult"], { error: "Pick clean or adult, or leave it empty" })
    .optional()
    .transform((v) => (v ? v : null)),
  ruleRunningMinutes: wholeNumber(600, "Enter the running time in minutes, or leave it empty"),
};

type RuleFieldValues = {
  ruleMinAge: number | null;
  ruleMinimum: string | null;
  ruleSeating: string | null;
  rulePhones: string | null;
  ruleContent: "clean" | "adult" | null;
  ruleRunningMinutes: number | null;
};

/** The parsed fields as stored rules (null when every field is empty). */
export function houseRulesFromFields(v: RuleFieldValues): HouseRules | null {
  const rules: HouseRules = {
    minAge: v.ruleMinAge,
    minimum: v.ruleMinimum,
    seating: v.ruleSeating,
    phones: v.rulePhones,
    content: v.ruleContent,
    runningMinutes: v.ruleRunningMinutes,
  };
  const kept = effectiveHouseRules(rules, null);
  return Object.keys(kept).length ? kept : null;
}

/** Stored rules as the fields' text values (a form's defaults). */
export function houseRulesToFields(
  rules: HouseRules | null | undefined,
): Record<keyof RuleFieldValues, string> {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return {
    ruleMinAge: s(rules?.minAge),
    ruleMinimum: s(rules?.minimum),
    ruleSeating: s(rules?.seating),
    rulePhones: s(rules?.phones),
    ruleContent: s(rules?.content),
    ruleRunningMinutes: s(rules?.runningMinutes),
  };
}

/** The labels and hints both forms show. */
export const HOUSE_RULE_FIELD_LABELS: { name: keyof RuleFieldValues; label: string; hint?: string }[] = [
  { name: "ruleMinAge", label: "Age limit", hint: "years; 0 for all ages" },
  { name: "ruleContent", label: "Content" },
  { name: "ruleMinimum", label: "Drink or food minimum", hint: "e.g. Two-drink minimum" },
  { name: "ruleSeating", label: "Seating", hint: "e.g. General admission, first come first seated" },
  { name: "rulePhones", label: "Phones", hint: "e.g. Phones away during the show" },
  { name: "ruleRunningMinutes", label: "Running time (minutes)" },
];
