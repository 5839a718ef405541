import { describe, expect, it } from "vitest";
import { filterParts, NO_FILTERS, quickDateRanges } from "~/lib/filters";

/** Issue 42: quick dates and what is filtered, each part removable. */
describe("quick dates", () => {
  it("Tonight is today, This weekend Friday to Sunday (from today once it began), Next 7 days a week", () => {
    // 2026-11-25 is a Wednesday.
    expect(quickDateRanges("2026-11-25")).toEqual([
      { label: "Tonight", from: "2026-11-25", to: "2026-11-25" },
      { label: "This weekend", from: "2026-11-27", to: "2026-11-29" },
      { label: "Next 7 days", from: "2026-11-25", to: "2026-12-01" },
    ]);
    expect(quickDateRanges("2026-11-27")[1]).toMatchObject({ from: "2026-11-27", to: "2026-11-29" }); // Friday
    expect(quickDateRanges("2026-11-28")[1]).toMatchObject({ from: "2026-11-28", to: "2026-11-29" }); // Saturday
    expect(quickDateRanges("2026-11-29")[1]).toMatchObject({ from: "2026-11-29", to: "2026-11-29" }); // Sunday
    expect(quickDateRanges("2026-11-30")[1]).toMatchObject({ from: "2026-12-04", to: "2026-12-06" }); // Monday
  });
});

describe("what is filtered", () => {
  it("names each part and the query that removes just it", () => {
    const f = { ...NO_FILTERS, q: "wine", from: "2026-11-27", to: "2026-11-29", clean: "1" as const };
    expect(filterParts(f, "2026-11-25")).toEqual([
      { label: "“wine”", search: "?from=2026-11-27&to=2026-11-29&clean=1" },
      { label: "Fri, Nov 27 – Sun, Nov 29", search: "?q=wine&clean=1" },
      { label: "Clean shows", search: "?q=wine&from=2026-11-27&to=2026-11-29" },
    ]);
    expect(filterParts({ ...NO_FILTERS, from: "2026-11-25", to: "2026-11-25" }, "2026-11-25")[0].label).toBe(
      "Wed, Nov 25",
    );
    expect(filterParts(NO_FILTERS, "2026-11-25")).toEqual([]);
  });
});
