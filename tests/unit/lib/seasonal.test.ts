import { describe, expect, it } from "vitest";
import { SEASONAL_LEAD_DAYS, seasonalCollectionNear } from "~/lib/seasonal";

describe("seasonalCollectionNear", () => {
  const today = "2026-11-23";
  it("hides a collection whose shows are months away (Father's Day seen in November)", () => {
    expect(seasonalCollectionNear(["2027-06-18", "2027-06-19", "2027-06-20"], today)).toBe(false);
  });
  it("shows it from six weeks before its first show, through its last day", () => {
    expect(seasonalCollectionNear(["2027-01-04"], today)).toBe(true); // exactly 42 days
    expect(seasonalCollectionNear(["2027-01-05"], today)).toBe(false); // 43 days
    expect(seasonalCollectionNear([today], today)).toBe(true);
    expect(SEASONAL_LEAD_DAYS).toBe(42);
  });
  it("ignores past dates and an empty collection", () => {
    expect(seasonalCollectionNear(["2026-11-22"], today)).toBe(false);
    expect(seasonalCollectionNear([], today)).toBe(false);
  });
  it("counts the nearest of several shows, in any order, across a year end", () => {
    expect(seasonalCollectionNear(["2027-06-20", "2026-12-31"], today)).toBe(true);
    expect(seasonalCollectionNear(["2026-12-31"], "2026-12-30", 1)).toBe(true);
  });
});
