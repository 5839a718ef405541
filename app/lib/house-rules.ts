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
