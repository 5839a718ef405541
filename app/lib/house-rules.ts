import { z } from "zod";

/**
 * House rules (issue 42): what club sites put next to Buy. A show has its own, and each rule it
 * leaves empty falls back to its venue's. Stored as one JSON column on `events` and `venues`;
 * edited with the same six fields in the event form and the venue form. Pure rules.
 */
export type HouseRules = {
  /** Minimum age in years; 0 means all ages. */
  minAge?: number | null;
  /** A drink or food minimum, as said to visitors ("Two-drink minimum"). */
  minimum?: string | null;
  /** "General admission, first come first seated", "Reserved tables". */
  seating?: string | null;
  /** "Phones away during the show". */
  phones?: string | null;
  /** Clean (family-friendly) or adult (strong language, mature themes). */
  content?: "clean" | "adult" | null;
  /** Running time in minutes. */
  runningMinutes?: number | null;
};

export const HOUSE_RULE_KEYS = [
  "minAge",
  "minimum",
  "seating",
  "phones",
  "content",
  "runningMinutes",
] as const;

/** The rules a visitor is told: the show's own, each empty one from the venue. */
export function effectiveHouseRules(
  show: HouseRules | null | undefined,
  venue: HouseRules | null | undefined,
): HouseRules {
  const out: HouseRules = {};
  for (const key of HOUSE_RULE_KEYS) {
    const own = show?.[key];
    const value = own !== null && own !== undefined && own !== "" ? own : venue?.[key];
    if (value !== null && value !== undefined && value !== "") (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

export function ageText(minAge: number): string {
  return minAge === 0 ? "All ages" : `${minAge}+ (ID checked at the door)`;
}

export function runningTimeText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `About ${m} min`;
  return `About ${h} h${m ? ` ${m} min` : ""}`;
}

export const CONTENT_TEXT = {
  clean: "Clean: family-friendly material",
  adult: "Adult: strong language and mature themes",
} as const;

/** The rules as labelled lines, in the order club sites list them (none when none is known). */
export function houseRuleLines(rules: HouseRules | null | undefined): { label: string; text: string }[] {
  if (!rules) return [];
  const lines: { label: string; text: string }[] = [];
  if (rules.minAge !== null && rules.minAge !== undefined)
    lines.push({ label: "Age", text: ageText(rules.minAge) });
  if (rules.content) lines.push({ label: "Content", text: CONTENT_TEXT[rules.content] });
  if (rules.minimum) lines.push({ label: "Minimum", text: rules.minimum });
  if (rules.seating) lines.push({ label: "Seating", text: rules.seating });
  if (rules.phones) lines.push({ label: "Phones", text: rules.phones });
  if (rules.runningMinutes)
    lines.push({ label: "Running time", text: runningTimeText(rules.runningMinutes) });
  return lines;
}

/** schema.org `typicalAgeRange` ("19-"; "0-" for all ages), or undefined when the age is unknown. */
export function typicalAgeRange(rules: HouseRules | null | undefined): string | undefined {
  const age = rules?.minAge;
  return age === null || age === undefined ? undefined : `${age}-`;
}

/** Can someone aged `age` come? Unknown age limits do not pass a filter (never a guess). */
export function admitsAge(rules: HouseRules | null | undefined, age: number): boolean {
  const min = rules?.minAge;
  return min !== null && min !== undefined && min <= age;
}

// --- the form fields (the event form and the venue form give the same six) -----------------------

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
