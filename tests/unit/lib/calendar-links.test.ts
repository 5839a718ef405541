import { describe, expect, it } from "vitest";
import { dateCalendarLinks, icsDateParam, showCalendarGroups, showIcsPath } from "~/lib/calendar-links";

const ORIGIN = "https://laughwindsor.ca";
const base = {
  showId: 7,
  title: "Laughs on the Waterfront",
  date: "2026-12-03",
  google: "https://calendar.google.com/calendar/render?action=TEMPLATE&text=x",
  origin: ORIGIN,
  recurring: false,
  soldOut: false,
  ended: false,
};
const hrefs = (groups: ReturnType<typeof showCalendarGroups>) =>
  groups.flatMap((g) => g.links.map((l) => l.href));

/** Issue 42, item 7: the show page's one "Add to calendar" menu keeps every target it offered. */
describe("showCalendarGroups", () => {
  it("a one-off show: its .ics file and Google Calendar, in one group", () => {
    const groups = showCalendarGroups(base);
    expect(groups.map((g) => g.label)).toEqual(["This show"]);
    expect(hrefs(groups)).toEqual(["/event/7/calendar.ics", base.google]);
    expect(groups[0].links.map((l) => l.kind)).toEqual(["download", "external"]);
  });

  it("a recurring show: the chosen date (file and Google) and the series feed (subscribe, Google, .ics): five", () => {
    const groups = showCalendarGroups({ ...base, recurring: true });
    expect(groups.map((g) => g.label)).toEqual(["This date", "Every date of Laughs on the Waterfront"]);
    const feed = `${ORIGIN}/series/laughs-on-the-waterfront/calendar.ics`;
    const webcal = "webcal://laughwindsor.ca/series/laughs-on-the-waterfront/calendar.ics";
    expect(hrefs(groups)).toEqual([
      "/event/7/calendar.ics?date=2026-12-03",
      base.google,
      webcal,
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
      feed,
    ]);
  });

  it("sold out: no date to add, but a running series can still be followed", () => {
    expect(showCalendarGroups({ ...base, soldOut: true })).toEqual([]);
    const groups = showCalendarGroups({ ...base, soldOut: true, recurring: true });
    expect(groups.map((g) => g.label)).toEqual(["Every date of Laughs on the Waterfront"]);
    expect(groups[0].links).toHaveLength(3);
  });

  it("ended: the file only (no Google event for a past date, no feed of a finished series)", () => {
    expect(hrefs(showCalendarGroups({ ...base, ended: true }))).toEqual(["/event/7/calendar.ics"]);
    expect(hrefs(showCalendarGroups({ ...base, ended: true, recurring: true }))).toEqual([
      "/event/7/calendar.ics?date=2026-12-03",
    ]);
    expect(showCalendarGroups({ ...base, ended: true, soldOut: true })).toEqual([]);
  });
});

describe("one date's calendar links", () => {
  it("the date's file and its Google event; without a Google link, the file alone", () => {
    expect(dateCalendarLinks(showIcsPath(3, "2026-12-08"), "https://g").map((l) => l.href)).toEqual([
      "/event/3/calendar.ics?date=2026-12-08",
      "https://g",
    ]);
    expect(dateCalendarLinks(showIcsPath(3), null).map((l) => l.href)).toEqual(["/event/3/calendar.ics"]);
  });

  it("?date= is taken only when it is one of the show's own dates", () => {
    const dates = ["2026-12-01", "2026-12-08"];
    expect(icsDateParam("2026-12-08", dates)).toBe("2026-12-08");
    expect(icsDateParam("2026-12-01", dates)).toBe("2026-12-01");
    expect(icsDateParam("2026-12-02", dates)).toBeNull();
    expect(icsDateParam("2026-12-08x", dates)).toBeNull();
    expect(icsDateParam("", dates)).toBeNull();
    expect(icsDateParam(null, dates)).toBeNull();
  });
});
