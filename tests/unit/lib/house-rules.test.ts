import { describe, expect, it } from "vitest";
import { eventFormSchema } from "~/lib/event-form";
import { filterShows, NO_FILTERS, parseFilters } from "~/lib/filters";
import { houseRulesFromFields, houseRulesToFields } from "~/lib/forms/house-rules";
import { admitsAge, effectiveHouseRules, houseRuleLines, typicalAgeRange } from "~/lib/house-rules";
import type { Show } from "~/lib/shows";

/** Issue 42: house rules per show, each empty one falling back to the venue's. */
describe("house rules", () => {
  const venue = { minAge: 19, content: "adult" as const, seating: "General admission", runningMinutes: 90 };

  it("a show's own rule wins; each rule it leaves empty is the venue's", () => {
    expect(effectiveHouseRules({ minAge: 12, content: "clean", seating: "" }, venue)).toEqual({
      minAge: 12,
      content: "clean",
      seating: "General admission",
      runningMinutes: 90,
    });
    expect(effectiveHouseRules(null, venue)).toEqual(venue);
    expect(effectiveHouseRules(null, null)).toEqual({});
    // 0 (all ages) is a rule, not an empty one.
    expect(effectiveHouseRules({ minAge: 0 }, venue).minAge).toBe(0);
  });

  it("reads as labelled lines, and as schema.org's typicalAgeRange", () => {
    expect(houseRuleLines({ ...venue, minimum: "Two-drink minimum", phones: "Phones away" })).toEqual([
      { label: "Age", text: "19+ (ID checked at the door)" },
      { label: "Content", text: "Adult: strong language and mature themes" },
      { label: "Minimum", text: "Two-drink minimum" },
      { label: "Seating", text: "General admission" },
      { label: "Phones", text: "Phones away" },
      { label: "Running time", text: "About 1 h 30 min" },
    ]);
    expect(houseRuleLines({ minAge: 0, runningMinutes: 45 })).toEqual([
      { label: "Age", text: "All ages" },
      { label: "Running time", text: "About 45 min" },
    ]);
    expect(houseRuleLines({})).toEqual([]);
    expect(typicalAgeRange({ minAge: 19 })).toBe("19-");
    expect(typicalAgeRange({ minAge: 0 })).toBe("0-");
    expect(typicalAgeRange({})).toBeUndefined();
  });

  it("an unknown age limit never passes the age filter", () => {
    expect(admitsAge({ minAge: 12 }, 16)).toBe(true);
    expect(admitsAge({ minAge: 19 }, 18)).toBe(false);
    expect(admitsAge({ minAge: 0 }, 0)).toBe(true);
    expect(admitsAge({}, 99)).toBe(false);
  });

  it("the age and clean filters keep only the shows their rules admit", () => {
    const show = (id: number, houseRules: Show["houseRules"]) =>
      ({ id, title: `Show ${id}`, description: "", venue: "Hall", dates: [], houseRules }) as unknown as Show;
    const shows = [
      show(1, { minAge: 19, content: "adult" }),
      show(2, { minAge: 12, content: "clean" }),
      show(3, {}),
    ];
    const ids = (f: Partial<typeof NO_FILTERS>) =>
      filterShows(shows, { ...NO_FILTERS, ...f }).map((s) => s.id);
    expect(ids({ age: "16" })).toEqual([2]);
    expect(ids({ age: "0" })).toEqual([]);
    expect(ids({ clean: "1" })).toEqual([2]);
    expect(ids({})).toEqual([1, 2, 3]);
    expect(parseFilters(new URLSearchParams("age=16&clean=1"))).toMatchObject({ age: "16", clean: "1" });
    expect(parseFilters(new URLSearchParams("age=7&clean=yes"))).toMatchObject({ age: "", clean: "" });
  });

  it("the event form stores only the rules given, and refuses an age that is not a number", () => {
    const base = {
      title: "T",
      date: "2030-01-01",
      time: "7:00 PM",
      venue: "Hall",
      ticketUrl: "https://www.eventbrite.ca/e/1",
    };
    const ok = eventFormSchema.safeParse({
      ...base,
      ruleMinAge: "0",
      ruleContent: "clean",
      ruleSeating: " ",
    });
    expect(ok.success && ok.data.houseRules).toEqual({ minAge: 0, content: "clean" });
    const none = eventFormSchema.safeParse(base);
    expect(none.success && none.data.houseRules).toBeNull();
    const bad = eventFormSchema.safeParse({ ...base, ruleMinAge: "nineteen", ruleContent: "spicy" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(
      expect.arrayContaining(["ruleMinAge", "ruleContent"]),
    );
    // And back to the form's text.
    expect(houseRulesToFields({ minAge: 0, content: "clean" })).toMatchObject({
      ruleMinAge: "0",
      ruleContent: "clean",
      ruleSeating: "",
    });
    expect(
      houseRulesFromFields({
        ruleMinAge: null,
        ruleMinimum: null,
        ruleSeating: null,
        rulePhones: null,
        ruleContent: null,
        ruleRunningMinutes: null,
      }),
    ).toBeNull();
  });
});
