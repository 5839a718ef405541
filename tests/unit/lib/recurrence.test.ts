import { describe, expect, it } from "vitest";
import {
  clockTimes,
  expandOccurrences,
  futurePerformances,
  mergeSameTitle,
  performancesOf,
  titleRangeDates,
} from "~/lib/recurrence";
import { makeShow } from "../../support/shows";

describe("mergeSameTitle", () => {
  it("merges titles that differ in case and spacing, never titles that differ by a space", () => {
    const a = makeShow({ title: "Late  Night Laughs ", date: "2026-06-20" });
    const b = makeShow({ title: "late night laughs", date: "2026-06-27" });
    const c = makeShow({ title: "Latenight Laughs", date: "2026-06-13" });
    expect(mergeSameTitle([a, b, c]).map((s) => [s.title, s.dates.map((x) => x.date)])).toEqual([
      ["Late  Night Laughs ", ["2026-06-20", "2026-06-27"]],
      ["Latenight Laughs", []],
    ]);
  });

  it("merges shows with the same title into one recurring show kept at the earliest row", () => {
    const a = makeShow({ title: "Laughs on the Waterfront", date: "2026-06-20", ticketUrl: "https://x/2" });
    const b = makeShow({
      title: "laughs on the  waterfront ",
      date: "2026-06-06",
      ticketUrl: "https://x/1",
      price: "$30",
    });
    const other = makeShow({ title: "Other" });
    const merged = mergeSameTitle([a, other, b]);
    expect(merged).toHaveLength(2);
    const m = merged.find((s) => s.id === b.id)!;
    expect(m.dates.map((d) => [d.date, d.ticketUrl, d.price])).toEqual([
      ["2026-06-06", "https://x/1", "$30"],
      ["2026-06-20", "https://x/2", "$25"],
    ]);
    expect(performancesOf(m).recurring).toBe(true);
  });

  it("keeps a sold-out flag only when every merged row is sold out", () => {
    const a = makeShow({ title: "T", soldOut: true });
    const b = makeShow({ title: "T", date: "2026-07-01", soldOut: false });
    expect(mergeSameTitle([a, b])[0].soldOut).toBe(false);
  });

  it("leaves distinct titles alone", () => {
    const list = [makeShow({ title: "A" }), makeShow({ title: "B" })];
    expect(mergeSameTitle(list)).toEqual(list);
  });
});

describe("performancesOf", () => {
  it("falls back to the show's time, ticket URL and price for each date", () => {
    const show = makeShow({
      time: "20:00",
      price: "$20",
      ticketUrl: "https://t/show",
      dates: [
        { date: "2026-06-02", time: null, ticketUrl: null, price: null },
        { date: "2026-06-09", time: "21:00", ticketUrl: "https://t/9", price: "$25" },
      ],
    });
    expect(performancesOf(show)).toEqual({
      recurring: true,
      performances: [
        { date: "2026-06-02", time: "20:00", ticketUrl: "https://t/show", price: "$20" },
        { date: "2026-06-09", time: "21:00", ticketUrl: "https://t/9", price: "$25" },
      ],
    });
  });

  it("treats a show flagged recurring with no dates as a one-off", () => {
    const show = makeShow({ dates: [] });
    expect(performancesOf(show)).toEqual({
      recurring: false,
      performances: [{ date: show.date, time: show.time, ticketUrl: show.ticketUrl, price: show.price }],
    });
  });

  it("uses the title-range fallback when a show has one date or fewer", () => {
    const show = makeShow({
      title: "Patio Comedy Series - Walkerville Brewery (July 5th - 19th)",
      description: "Early show at 7:00 PM, late show at 9:30 pm. Last call 11 PM.",
      date: "2027-07-05",
      dates: [{ date: "2027-07-05", time: null, ticketUrl: null, price: null }],
    });
    const { recurring, performances } = performancesOf(show);
    expect(recurring).toBe(true);
    expect(performances.map((p) => [p.date, p.time])).toEqual([
      ["2027-07-05", "19:00"],
      ["2027-07-19", "21:30"],
    ]);
  });

  it("ignores the title range when a show already has several dates", () => {
    const show = makeShow({
      title: "Series - Venue (July 5th - 19th)",
      dates: [
        { date: "2026-08-01", time: null, ticketUrl: null, price: null },
        { date: "2026-08-02", time: null, ticketUrl: null, price: null },
      ],
    });
    expect(performancesOf(show).performances.map((p) => p.date)).toEqual(["2026-08-01", "2026-08-02"]);
  });
});

describe("titleRangeDates", () => {
  const base = { description: "", date: "2026-05-01", time: "19:00", ticketUrl: null, price: null };
  it("takes the month from the title and the year from the show's date", () => {
    expect(titleRangeDates({ ...base, title: "Show - Place (MAY 5TH - 19TH)" })?.map((p) => p.date)).toEqual([
      "2026-05-05",
      "2026-05-19",
    ]);
  });
  it("falls back to the show's time when the description has fewer than two clock times", () => {
    const r = titleRangeDates({
      ...base,
      title: "Show - Place (May 5th - 19th)",
      description: "Starts 8 PM",
    });
    expect(r?.map((p) => p.time)).toEqual(["20:00", "19:00"]);
  });
  it("needs a dash and a range ending in th)", () => {
    expect(titleRangeDates({ ...base, title: "Show (May 5th - 19th)" })).toBeNull();
    expect(titleRangeDates({ ...base, title: "Show - Place (May 1st - 22nd)" })).toBeNull();
    expect(titleRangeDates({ ...base, title: "Show - Place" })).toBeNull();
    expect(titleRangeDates({ ...base, title: "Show - Place (Smarch 5th - 19th)" })).toBeNull();
  });
  it("reads clock times in order", () => {
    expect(clockTimes("Doors 6:30 PM, show 7:30pm, after-party 11 p.m.")).toEqual([
      "18:30",
      "19:30",
      "23:00",
    ]);
  });
});

describe("expandOccurrences", () => {
  it("gives one entry per future date, removing duplicates per show and date, sorted", () => {
    const series = makeShow({
      date: "2026-06-01",
      dates: [
        { date: "2026-06-01", time: null, ticketUrl: null, price: null },
        { date: "2026-06-08", time: null, ticketUrl: null, price: null },
        { date: "2026-06-08", time: "22:00", ticketUrl: null, price: null },
        { date: "2026-06-15", time: null, ticketUrl: null, price: null },
      ],
    });
    const oneOff = makeShow({ date: "2026-06-10" });
    const past = makeShow({ date: "2026-05-01" });
    const list = expandOccurrences([series, oneOff, past], "2026-06-05");
    expect(list.map((o) => [o.show.id, o.date, o.series])).toEqual([
      [series.id, "2026-06-08", true],
      [oneOff.id, "2026-06-10", false],
      [series.id, "2026-06-15", true],
    ]);
  });
  it("respects an upper bound", () => {
    const show = makeShow({ date: "2026-07-01" });
    expect(expandOccurrences([show], "2026-06-01", "2026-06-30")).toEqual([]);
  });

  it("lists two shows on one date by time, the earlier first, whatever the input order", () => {
    const late = makeShow({ title: "Late Show", date: "2026-06-12", time: "21:30" });
    const early = makeShow({ title: "Early Show", date: "2026-06-12", time: "19:00" });
    for (const input of [
      [late, early],
      [early, late],
    ])
      expect(expandOccurrences(input).map((o) => o.show.title)).toEqual(["Early Show", "Late Show"]);
  });

  it("lists two shows at the same date and time in the order they were added (by id), whatever the input order", () => {
    const first = makeShow({ title: "Early Bird", date: "2026-06-12", time: "20:00" });
    const second = makeShow({ title: "Night Owl", date: "2026-06-12", time: "20:00" });
    const third = makeShow({ title: "Late Riser", date: "2026-06-12", time: "20:00" });
    for (const input of [
      [third, second, first],
      [second, third, first],
      [first, third, second],
    ])
      expect(expandOccurrences(input).map((o) => o.show.title)).toEqual([
        "Early Bird",
        "Night Owl",
        "Late Riser",
      ]);
  });
});

// Issue 19 (mutation testing): what a visitor would see go wrong if these rules broke.
describe("recurring dates as the calendar and show pages list them", () => {
  const d = (
    date: string,
    more: Partial<{ time: string; ticketUrl: string; price: string; soldOut: boolean }> = {},
  ) => ({
    date,
    time: null,
    ticketUrl: null,
    price: null,
    ...more,
  });

  it("lists a series' dates in date order, each date once (the first entry for a date wins)", () => {
    const show = makeShow({
      time: "20:00",
      dates: [
        d("2026-06-16"),
        d("2026-06-02", { time: "19:00" }),
        d("2026-06-09"),
        d("2026-06-02", { time: "21:00" }),
      ],
    });
    expect(performancesOf(show).performances.map((p) => [p.date, p.time])).toEqual([
      ["2026-06-02", "19:00"],
      ["2026-06-09", "20:00"],
      ["2026-06-16", "20:00"],
    ]);
  });

  it("marks only the dates the platform sold out", () => {
    const show = makeShow({
      dates: [d("2026-06-02", { soldOut: true }), d("2026-06-09"), d("2026-06-16", { soldOut: false })],
    });
    expect(performancesOf(show).performances.map((p) => [p.date, p.soldOut === true])).toEqual([
      ["2026-06-02", true],
      ["2026-06-09", false],
      ["2026-06-16", false],
    ]);
  });

  it("a show with exactly one stored date and no title range is that one date, as a series entry", () => {
    const show = makeShow({
      title: "Open Mic",
      date: "2026-06-02",
      dates: [d("2026-06-02", { time: "21:00" })],
    });
    expect(performancesOf(show)).toEqual({
      recurring: true,
      performances: [{ date: "2026-06-02", time: "21:00", ticketUrl: show.ticketUrl, price: show.price }],
    });
  });

  it("lists only today's and later dates of a show, today included", () => {
    const show = makeShow({ dates: [d("2026-06-02"), d("2026-06-09"), d("2026-06-16")] });
    expect(futurePerformances(show, "2026-06-09").map((p) => p.date)).toEqual(["2026-06-09", "2026-06-16"]);
    expect(futurePerformances(show, "2026-06-17")).toEqual([]);
  });
});

describe("merging same-title rows into one series", () => {
  it("keeps the SOLD OUT badge when every merged date is sold out", () => {
    const a = makeShow({ title: "Friday Laughs", date: "2026-06-05", soldOut: true });
    const b = makeShow({ title: "Friday Laughs", date: "2026-06-12", soldOut: true });
    const c = makeShow({ title: "friday laughs", date: "2026-06-19", soldOut: true });
    const [merged] = mergeSameTitle([b, c, a]);
    expect(merged.soldOut).toBe(true);
    expect(merged.id).toBe(a.id);
  });

  it("keeps the earliest row: by date, then by time, then the lower id", () => {
    const late = makeShow({ title: "Double Bill", date: "2026-06-05", time: "21:30" });
    const early = makeShow({ title: "Double Bill", date: "2026-06-05", time: "19:00" });
    expect(mergeSameTitle([late, early])[0].id).toBe(early.id);
    const first = makeShow({ title: "Twin", date: "2026-06-05", time: "19:00" });
    const second = makeShow({ title: "Twin", date: "2026-06-05", time: "19:00" });
    expect(mergeSameTitle([second, first])[0].id).toBe(first.id);
  });

  it("lists the merged dates once each, in date order, with each row's own time, link and price", () => {
    const series = makeShow({
      title: "Patio Nights",
      date: "2026-07-10",
      time: "20:00",
      ticketUrl: "https://t/series",
      price: "$15",
      dates: [
        { date: "2026-07-24", time: null, ticketUrl: null, price: null },
        { date: "2026-07-10", time: "21:00", ticketUrl: "https://t/10", price: "$20" },
      ],
    });
    const oneOff = makeShow({
      title: "Patio Nights",
      date: "2026-07-17",
      time: "19:00",
      ticketUrl: "https://t/17",
      price: "$12",
    });
    const repeat = makeShow({
      title: "Patio Nights",
      date: "2026-07-24",
      time: "18:00",
      ticketUrl: "https://t/dup",
      price: "$99",
    });
    const [merged] = mergeSameTitle([oneOff, repeat, series]);
    expect(merged.dates).toEqual([
      { date: "2026-07-10", time: "21:00", ticketUrl: "https://t/10", price: "$20" },
      { date: "2026-07-17", time: "19:00", ticketUrl: "https://t/17", price: "$12" },
      { date: "2026-07-24", time: "20:00", ticketUrl: "https://t/series", price: "$15" },
    ]);
  });

  it("keeps other shows where they were in the list", () => {
    const a1 = makeShow({ title: "A", date: "2026-06-20" });
    const b = makeShow({ title: "B" });
    const a2 = makeShow({ title: "A", date: "2026-06-06" });
    const c = makeShow({ title: "C" });
    expect(mergeSameTitle([a1, b, a2, c]).map((s) => s.title)).toEqual(["A", "B", "C"]);
  });
});

describe("title ranges in every month", () => {
  const base = { description: "", date: "2026-01-01", time: "19:00", ticketUrl: null, price: null };
  const months = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ];

  it.each(months.map((name, i) => [name, i + 1] as const))(
    "reads %s, spelled out or shortened",
    (name, number) => {
      const mm = String(number).padStart(2, "0");
      const expected = [`2026-${mm}-05`, `2026-${mm}-19`];
      expect(
        titleRangeDates({ ...base, title: `Show - Place (${name} 5th - 19th)` })?.map((p) => p.date),
      ).toEqual(expected);
      expect(
        titleRangeDates({ ...base, title: `Show - Place (${name.slice(0, 3)}. 5 - 19th)` })?.map(
          (p) => p.date,
        ),
      ).toEqual(expected);
      expect(
        titleRangeDates({ ...base, title: `Show - Place (${name.slice(0, 4).toLowerCase()} 5th–19TH)` })?.map(
          (p) => p.date,
        ),
      ).toEqual(expected);
    },
  );

  it("refuses a day the month does not have and a show date that is not a date", () => {
    expect(titleRangeDates({ ...base, title: "Show - Place (February 5th - 30th)" })).toBeNull();
    expect(titleRangeDates({ ...base, title: "Show - Place (May 5th - 19th)", date: "someday" })).toBeNull();
  });

  it("needs the dash before the brackets, an en dash counts", () => {
    expect(titleRangeDates({ ...base, title: "Show – Place (May 5th - 19th)" })?.map((p) => p.date)).toEqual([
      "2026-05-05",
      "2026-05-19",
    ]);
    expect(titleRangeDates({ ...base, title: "Show at Place (May 5th - 19th)" })).toBeNull();
  });

  it("needs the range at the end of the title", () => {
    expect(titleRangeDates({ ...base, title: "Show - Place (May 5th - 19th) encore" })).toBeNull();
  });

  it("gives each date the ticket link and price of the show, and the show's time when the description has none", () => {
    const r = titleRangeDates({
      ...base,
      title: "Show - Place (May 5th - 19th)",
      time: "7:30 PM",
      ticketUrl: "https://t/1",
      price: "$10",
    });
    expect(r).toEqual([
      { date: "2026-05-05", time: "19:30", ticketUrl: "https://t/1", price: "$10" },
      { date: "2026-05-19", time: "19:30", ticketUrl: "https://t/1", price: "$10" },
    ]);
    expect(
      titleRangeDates({ ...base, title: "Show - Place (May 5th - 19th)", time: "whenever" })?.map(
        (p) => p.time,
      ),
    ).toEqual(["whenever", "whenever"]);
  });
});

describe("clock times in a description", () => {
  it("reads 12-hour times however they are written, in order", () => {
    expect(clockTimes("Early show 7 PM; late show 9:45 p.m. Doors 6pm")).toEqual(["19:00", "21:45", "18:00"]);
    expect(clockTimes("at 8 P.M.")).toEqual(["20:00"]);
    expect(clockTimes("11:30am brunch")).toEqual(["11:30"]);
  });

  it("ignores numbers that are not times", () => {
    expect(clockTimes("Tickets $20, 2 drinks, 19+ event, room 12 amphitheatre")).toEqual([]);
    expect(clockTimes("13 pm")).toEqual([]);
    expect(clockTimes("")).toEqual([]);
  });
});

describe("occurrences between two dates (calendar month, upcoming list)", () => {
  it("includes shows on the first and the last day of the range", () => {
    const first = makeShow({ date: "2026-06-01" });
    const last = makeShow({ date: "2026-06-30" });
    const before = makeShow({ date: "2026-05-31" });
    const after = makeShow({ date: "2026-07-01" });
    expect(
      expandOccurrences([after, last, before, first], "2026-06-01", "2026-06-30").map((o) => o.show.id),
    ).toEqual([first.id, last.id]);
  });

  it("lists everything when no bounds are given, and only an upper bound when only 'to' is given", () => {
    const old = makeShow({ date: "2020-01-01" });
    const later = makeShow({ date: "2030-01-01" });
    expect(expandOccurrences([later, old]).map((o) => o.date)).toEqual(["2020-01-01", "2030-01-01"]);
    expect(expandOccurrences([later, old], undefined, "2025-01-01").map((o) => o.date)).toEqual([
      "2020-01-01",
    ]);
  });

  it("lists two different shows on the same evening, earlier time first, then by show", () => {
    const late = makeShow({ date: "2026-06-05", time: "21:30" });
    const early = makeShow({ date: "2026-06-05", time: "19:00" });
    const sameTimeA = makeShow({ date: "2026-06-06", time: "20:00" });
    const sameTimeB = makeShow({ date: "2026-06-06", time: "20:00" });
    const list = expandOccurrences([late, sameTimeB, early, sameTimeA], "2026-06-01", "2026-06-30");
    expect(list.map((o) => o.show.id)).toEqual([early.id, late.id, sameTimeA.id, sameTimeB.id]);
  });

  it("does not list a show twice when it is given twice", () => {
    const show = makeShow({ date: "2026-06-05" });
    expect(expandOccurrences([show, show], "2026-06-01")).toHaveLength(1);
  });
});

describe("title ranges across a month end", () => {
  const base = { description: "", date: "2026-07-28", time: "19:00", ticketUrl: null, price: null };
  it("ends in the month named before the last day", () => {
    expect(
      titleRangeDates({ ...base, title: "Patio Series - Brewery (July 28th - August 4th)" })?.map(
        (p) => p.date,
      ),
    ).toEqual(["2026-07-28", "2026-08-04"]);
    expect(
      titleRangeDates({ ...base, title: "Patio Series - Brewery (July 5th - July 19th)" })?.map(
        (p) => p.date,
      ),
    ).toEqual(["2026-07-05", "2026-07-19"]);
  });
  it("ends in the next year when the range crosses New Year", () => {
    expect(
      titleRangeDates({
        ...base,
        date: "2026-12-28",
        title: "Holiday Laughs - Club (Dec. 28th - Jan. 4th)",
      })?.map((p) => p.date),
    ).toEqual(["2026-12-28", "2027-01-04"]);
  });
  it("refuses an end month that is not a month, and a range that ends before it starts", () => {
    expect(titleRangeDates({ ...base, title: "Show - Place (July 28th - Smarch 4th)" })).toBeNull();
    expect(titleRangeDates({ ...base, title: "Show - Place (May 19th - 5th)" })).toBeNull();
  });
});

describe("title ranges as staff type them", () => {
  const base = { description: "", date: "2026-05-01", time: "19:00", ticketUrl: null, price: null };
  it("reads two-digit start days and extra spaces", () => {
    expect(titleRangeDates({ ...base, title: "Show - Place (May 12th - 26th)" })?.map((p) => p.date)).toEqual(
      ["2026-05-12", "2026-05-26"],
    );
    expect(
      titleRangeDates({ ...base, title: "Show - Place (May  12th  -  26th)" })?.map((p) => p.date),
    ).toEqual(["2026-05-12", "2026-05-26"]);
  });
  it("gives the first date the first clock time and the second date the second, ignoring later ones", () => {
    const r = titleRangeDates({
      ...base,
      title: "Show - Place (May 5th - 19th)",
      description: "7 PM, 9 PM and an 11 PM late set",
    });
    expect(r?.map((p) => p.time)).toEqual(["19:00", "21:00"]);
  });
  it("refuses a show date that is not a date", () => {
    expect(titleRangeDates({ ...base, title: "Show - Place (May 5th - 19th)", date: "" })).toBeNull();
  });
});

describe("clock times written loosely", () => {
  it("reads 'p. m.' with a space", () => {
    expect(clockTimes("Show at 8 p. m. sharp")).toEqual(["20:00"]);
  });
});

describe("title ranges: the edges", () => {
  const base = { description: "", date: "2026-07-01", time: "19:00", ticketUrl: null, price: null };
  it("reads a title with spaces after the brackets or around the end month", () => {
    expect(
      titleRangeDates({ ...base, title: "Show - Place (July 28th - August  4th)  " })?.map((p) => p.date),
    ).toEqual(["2026-07-28", "2026-08-04"]);
  });
  it("is no range when it ends the day it starts (the show keeps its own date, listed once)", () => {
    expect(titleRangeDates({ ...base, title: "Show - Place (July 5th - 5th)" })).toBeNull();
    const show = makeShow({ title: "Show - Place (July 5th - 5th)", date: "2026-07-05" });
    expect(performancesOf(show).performances.map((p) => p.date)).toEqual(["2026-07-05"]);
  });
});
