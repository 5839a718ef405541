import { describe, expect, it } from "vitest";
import { nextWeekdayAfter, weekdayInTitle, weekdayOf } from "~/lib/weekdays";

describe("weekdays of calendar dates", () => {
  it("reads the weekday from the date alone", () => {
    expect(weekdayOf("2026-11-24")).toBe("Tuesday");
    expect(weekdayOf("2026-12-31")).toBe("Thursday");
    expect(weekdayOf("2027-01-01")).toBe("Friday");
  });

  it("finds the next given weekday 1 to 7 days ahead, across month and year ends", () => {
    expect(nextWeekdayAfter("2026-11-22", "Tuesday")).toBe("2026-11-24"); // Sunday → 2 days
    expect(nextWeekdayAfter("2026-11-24", "Tuesday")).toBe("2026-12-01"); // Tuesday → a week
    expect(nextWeekdayAfter("2026-11-25", "Tuesday")).toBe("2026-12-01");
    expect(nextWeekdayAfter("2026-12-30", "Friday")).toBe("2027-01-01");
    expect(nextWeekdayAfter("2027-01-01", "Friday")).toBe("2027-01-08");
  });

  it("finds a weekday named in a title", () => {
    expect(weekdayInTitle("Tuesday Night Stand-Up at Tipsy Toucan")).toBe("Tuesday");
    expect(weekdayInTitle("Headliner Friday: Club Special")).toBe("Friday");
    expect(weekdayInTitle("Comedy Sundays")).toBe("Sunday");
    expect(weekdayInTitle("TUESDAY NIGHT LAUGHS")).toBe("Tuesday");
    expect(weekdayInTitle("late-night friday")).toBe("Friday");
    expect(weekdayInTitle("Laughs on the Waterfront")).toBeNull();
    expect(weekdayInTitle("Sundayish")).toBeNull();
  });
});
