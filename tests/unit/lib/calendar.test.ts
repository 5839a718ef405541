import { describe, expect, it } from "vitest";
import { groupByMonth, monthBounds, monthGrid, parseMonthParam, shiftMonth } from "~/lib/calendar";

import { dateRangeText } from "~/lib/date-range";

describe("calendar", () => {
  it("pads the first week with blanks, Sunday first", () => {
    // 1 May 2026 is a Friday: five leading blanks.
    const weeks = monthGrid("2026-05");
    expect(weeks[0]).toEqual([null, null, null, null, null, "2026-05-01", "2026-05-02"]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    // 1 Feb 2026 is a Sunday: no blanks.
    expect(monthGrid("2026-02")[0][0]).toBe("2026-02-01");
  });
  it("reads ?month=YYYY-MM and falls back to the current month", () => {
    expect(parseMonthParam("2026-07", "2026-05-20")).toBe("2026-07");
    for (const bad of [null, "", "2026-13", "2026-7", "abc", "99999-01", "1200-01"]) {
      expect(parseMonthParam(bad, "2026-05-20")).toBe("2026-05");
    }
  });
  it("moves between months across years", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(monthBounds("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
  });
  it("groups by month ascending", () => {
    const g = groupByMonth(["2026-07-02", "2026-06-30", "2026-06-01"], (d) => d);
    expect(g).toEqual([
      { month: "2026-06", items: ["2026-06-01", "2026-06-30"] },
      { month: "2026-07", items: ["2026-07-02"] },
    ]);
  });
});

describe("dateRangeText", () => {
  it("reads Month YYYY 5-19 within a month, first - last otherwise", () => {
    expect(dateRangeText(["2026-06-19", "2026-06-05"])).toBe("June 2026 5-19");
    expect(dateRangeText(["2026-06-30", "2026-07-07"])).toBe(
      "Tuesday, June 30, 2026 - Tuesday, July 7, 2026",
    );
    expect(dateRangeText(["2026-06-05"])).toBe("Friday, June 5, 2026");
  });
});

describe("calendar at its edges", () => {
  it("takes ?month= only when it is a whole YYYY-MM from 1970 to 2200", () => {
    for (const good of ["1970-01", "2200-12"]) expect(parseMonthParam(good, "2026-05-20")).toBe(good);
    for (const bad of ["1969-12", "2201-01", "x2026-07", "20261-07", "2026-07x", "2026-07-01"]) {
      expect(parseMonthParam(bad, "2026-05-20"), bad).toBe("2026-05");
    }
  });

  it("ends each month on its own last day", () => {
    expect(monthBounds("2026-02")).toEqual({ first: "2026-02-01", last: "2026-02-28" });
    expect(monthBounds("2026-04").last).toBe("2026-04-30");
    expect(monthBounds("2026-12").last).toBe("2026-12-31");
  });

  it("pads the last week with blanks and starts each week on a Sunday", () => {
    // May 2026 ends on a Sunday: six blanks after it.
    const weeks = monthGrid("2026-05");
    expect(weeks).toHaveLength(6);
    expect(weeks[5]).toEqual(["2026-05-31", null, null, null, null, null, null]);
    expect(weeks[1][0]).toBe("2026-05-03");
  });
});

describe("dateRangeText without dates", () => {
  it("is empty", () => {
    expect(dateRangeText([])).toBe("");
  });
});
