import { describe, expect, it } from "vitest";
import { comedianDates } from "~/lib/comedian-dates";
import type { Performance } from "~/lib/recurrence";

const perf = (date: string, time = "19:30", soldOut?: boolean): Performance => ({
  date,
  time,
  ticketUrl: null,
  price: null,
  ...(soldOut === undefined ? {} : { soldOut }),
});
const show = (title: string, soldOut = false) => ({ title, soldOut });

/** Issue 42, item 6: a comedian's dates as one list, each date its own entry. */
describe("comedianDates", () => {
  it("flattens every show's dates into one list, soonest first, then by time and title", () => {
    const weekly = show("Tuesday Night");
    const late = show("Late Show");
    const early = show("Early Show");
    const { dates, more } = comedianDates([
      { show: weekly, role: "host", dates: [perf("2026-12-01", "20:00"), perf("2026-12-08", "20:00")] },
      { show: late, role: "headliner", dates: [perf("2026-12-03", "21:00")] },
      { show: early, role: "feature", dates: [perf("2026-12-03", "19:00")] },
      { show: show("Same Time B"), role: "opener", dates: [perf("2026-12-05")] },
      { show: show("Same Time A"), role: "opener", dates: [perf("2026-12-05")] },
    ]);
    expect(dates.map((d) => `${d.performance.date} ${d.show.title} ${d.role}`)).toEqual([
      "2026-12-01 Tuesday Night host",
      "2026-12-03 Early Show feature",
      "2026-12-03 Late Show headliner",
      "2026-12-05 Same Time A opener",
      "2026-12-05 Same Time B opener",
      "2026-12-08 Tuesday Night host",
    ]);
    expect(more).toEqual([]);
  });

  it("keeps a show's first six dates and counts the rest (six: none left; seven: one)", () => {
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) => perf(`2026-12-${String(i + 1).padStart(2, "0")}`));
    const six = comedianDates([{ show: show("Six"), role: "host", dates: days(6) }]);
    expect(six.dates).toHaveLength(6);
    expect(six.more).toEqual([]);
    const seven = comedianDates([{ show: show("Seven"), role: "host", dates: days(7) }]);
    expect(seven.dates.map((d) => d.performance.date).at(-1)).toBe("2026-12-06");
    expect(seven.more).toEqual([{ show: { title: "Seven", soldOut: false }, count: 1 }]);
  });

  it("a date is sold out when its own state says so or the whole show is", () => {
    const { dates } = comedianDates([
      {
        show: show("Dated"),
        role: "host",
        dates: [perf("2026-12-01", "19:30", true), perf("2026-12-02", "19:30", false)],
      },
      { show: show("Whole", true), role: "host", dates: [perf("2026-12-03", "19:30", false)] },
    ]);
    expect(dates.map((d) => d.soldOut)).toEqual([true, false, true]);
  });

  it("no appearances: no dates", () => {
    expect(comedianDates([])).toEqual({ dates: [], more: [] });
  });
});
