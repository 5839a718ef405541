import { describe, expect, it } from "vitest";
import { clockTimes, expandOccurrences, mergeSameTitle, performancesOf, titleRangeDates } from "~/lib/recurrence";
import { makeShow } from "../support/shows";

describe("mergeSameTitle", () => {
  it("merges shows with the same title into one recurring show kept at the earliest row", () => {
    const a = makeShow({ title: "Laughs on the Waterfront", date: "2026-06-20", ticketUrl: "https://x/2" });
    const b = makeShow({ title: "laughs on the  waterfront ", date: "2026-06-06", ticketUrl: "https://x/1", price: "$30" });
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
    const r = titleRangeDates({ ...base, title: "Show - Place (May 5th - 19th)", description: "Starts 8 PM" });
    expect(r?.map((p) => p.time)).toEqual(["20:00", "19:00"]);
  });
  it("needs a dash and a range ending in th)", () => {
    expect(titleRangeDates({ ...base, title: "Show (May 5th - 19th)" })).toBeNull();
    expect(titleRangeDates({ ...base, title: "Show - Place (May 1st - 22nd)" })).toBeNull();
    expect(titleRangeDates({ ...base, title: "Show - Place" })).toBeNull();
    expect(titleRangeDates({ ...base, title: "Show - Place (Smarch 5th - 19th)" })).toBeNull();
  });
  it("reads clock times in order", () => {
    expect(clockTimes("Doors 6:30 PM, show 7:30pm, after-party 11 p.m.")).toEqual(["18:30", "19:30", "23:00"]);
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
});
