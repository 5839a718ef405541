// Issue 19 (mutation testing): what a subscriber sees of each show in a calendar feed, field by
// field: titles and status of cancelled, postponed and sold-out shows, multi-day shows, shows in
// another zone, descriptions, the feed's own header, and the Google Calendar link.
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { buildCalendarFeed, googleLinkFor, occurrenceEnd } from "~/lib/calendar-feed";
import { gameOnShow, makeShow } from "../../support/shows";

const ORIGIN = "https://laughwindsor.ca";
const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
const only = (text: string) => {
  const list = events(text);
  expect(list).toHaveLength(1);
  return list[0];
};
const HOUR = 3600_000;

describe("how long a show lasts in a calendar", () => {
  it("ends a multi-day show on its last day, at its end time", () => {
    const run = occurrenceEnd("2026-07-10", "20:00", "23:00", "America/Toronto", "2026-07-12");
    expect(new Date(run.end).toISOString()).toBe("2026-07-13T03:00:00.000Z");
    // Without an end time, a multi-day show still gets the two-hour default.
    const open = occurrenceEnd("2026-07-10", "20:00", null, "America/Toronto", "2026-07-12");
    expect(open.end - open.start).toBe(2 * HOUR);
  });

  it("ignores a last day that is not after the first: the end is that evening or past midnight", () => {
    const same = occurrenceEnd("2026-07-10", "22:00", "01:00", "America/Toronto", "2026-07-10");
    expect(same.end - same.start).toBe(3 * HOUR);
    const earlier = occurrenceEnd("2026-07-10", "22:00", "01:00", "America/Toronto", "2026-07-09");
    expect(earlier.end - earlier.start).toBe(3 * HOUR);
  });

  it("takes an end exactly twelve hours after the start, and not a minute more", () => {
    const twelve = occurrenceEnd("2026-07-10", "10:00", "22:00", "America/Toronto");
    expect(twelve.end - twelve.start).toBe(12 * HOUR);
    const more = occurrenceEnd("2026-07-10", "10:00", "22:01", "America/Toronto");
    expect(more.end - more.start).toBe(2 * HOUR);
  });
});

describe("each show as a subscriber sees it", () => {
  it("marks a cancelled, postponed or sold-out show in its title and status", () => {
    const cancelled = only(buildCalendarFeed([gameOnShow({ eventStatus: "cancelled" })], { origin: ORIGIN }));
    expect(cancelled.summary).toBe("Game On! Comedy Game Show (Cancelled)");
    expect(cancelled.status).toBe("CANCELLED");
    const postponed = only(buildCalendarFeed([gameOnShow({ eventStatus: "postponed" })], { origin: ORIGIN }));
    expect(postponed.summary).toBe("Game On! Comedy Game Show (Postponed)");
    expect(postponed.status).toBe("TENTATIVE");
    const soldOut = only(buildCalendarFeed([gameOnShow({ soldOut: true })], { origin: ORIGIN }));
    expect(soldOut.summary).toBe("Game On! Comedy Game Show (Sold Out)");
    expect(soldOut.status).toBe("CONFIRMED");
    expect(String(soldOut.description)).toMatch(/\n\nSOLD OUT$/);
    const plain = only(buildCalendarFeed([gameOnShow()], { origin: ORIGIN }));
    expect(plain.summary).toBe("Game On! Comedy Game Show");
    expect(plain.status).toBe("CONFIRMED");
  });

  it("marks only the date of a series that sold out", () => {
    const show = makeShow({
      title: "Weekly",
      dates: [
        { date: "2026-06-10", time: null, ticketUrl: null, price: null, soldOut: true },
        { date: "2026-06-17", time: null, ticketUrl: null, price: null },
      ],
    });
    expect(events(buildCalendarFeed([show], { origin: ORIGIN })).map((e) => e.summary)).toEqual([
      "Weekly (Sold Out)",
      "Weekly",
    ]);
  });

  it("writes the description as the show's text, then the ticket link, nothing empty in between", () => {
    const show = makeShow({ description: "Jokes.", ticketUrl: "https://x.example/t" });
    expect(only(buildCalendarFeed([show], { origin: ORIGIN })).description).toBe(
      "Jokes.\n\nTickets: https://x.example/t",
    );
    const bare = makeShow({ description: "Jokes.", ticketUrl: null });
    expect(only(buildCalendarFeed([bare], { origin: ORIGIN })).description).toBe("Jokes.");
  });

  it("names the venue alone when its address is unknown", () => {
    expect(only(buildCalendarFeed([makeShow({ venue: "Tipsy Toucan" })], { origin: ORIGIN })).location).toBe(
      "Tipsy Toucan",
    );
  });

  it("leaves out a show whose organiser hides the start", () => {
    expect(events(buildCalendarFeed([gameOnShow({ hideStartDate: true })], { origin: ORIGIN }))).toEqual([]);
  });

  it("spans a multi-day one-off show to its last day, but each date of a series is one evening", () => {
    const festival = makeShow({ date: "2026-07-10", time: "20:00", endTime: "23:00", endDate: "2026-07-12" });
    expect(only(buildCalendarFeed([festival], { origin: ORIGIN })).end!.toISOString()).toBe(
      "2026-07-13T03:00:00.000Z",
    );
    const series = makeShow({
      date: "2026-07-10",
      time: "20:00",
      endTime: "23:00",
      endDate: "2026-07-31",
      dates: [{ date: "2026-07-17", time: null, ticketUrl: null, price: null }],
    });
    expect(events(buildCalendarFeed([series], { origin: ORIGIN })).map((e) => e.end!.toISOString())).toEqual([
      "2026-07-18T03:00:00.000Z",
    ]);
  });

  it("reads a show's time in its own zone, else in the feed's zone", () => {
    const vancouver = makeShow({ date: "2026-07-10", time: "20:00", timeZone: "America/Vancouver" });
    expect(only(buildCalendarFeed([vancouver], { origin: ORIGIN })).start.toISOString()).toBe(
      "2026-07-11T03:00:00.000Z",
    );
    const local = makeShow({ date: "2026-07-10", time: "20:00" });
    expect(
      only(buildCalendarFeed([local], { origin: ORIGIN, zone: "America/Vancouver" })).start.toISOString(),
    ).toBe("2026-07-11T03:00:00.000Z");
  });

  it("includes a show on the first day of the range", () => {
    const show = makeShow({ date: "2026-07-10" });
    expect(events(buildCalendarFeed([show], { origin: ORIGIN, from: "2026-07-10" }))).toHaveLength(1);
    expect(events(buildCalendarFeed([show], { origin: ORIGIN, from: "2026-07-11" }))).toHaveLength(0);
  });

  it("keeps the show with the lower id when two start at the same time and only one fits", () => {
    const a = makeShow({ id: 905, date: "2026-07-10", time: "20:00" });
    const b = makeShow({ id: 903, date: "2026-07-10", time: "20:00" });
    expect(only(buildCalendarFeed([a, b], { origin: ORIGIN, limit: 1 })).uid).toBe(
      "show-903-2026-07-10@laughwindsor.ca",
    );
    expect(only(buildCalendarFeed([b, a], { origin: ORIGIN, limit: 1 })).uid).toBe(
      "show-903-2026-07-10@laughwindsor.ca",
    );
  });

  it("names the reminder after the show", () => {
    const text = buildCalendarFeed([gameOnShow()], { origin: ORIGIN, reminders: true });
    expect(text).toContain(
      "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder: Game On! Comedy Game Show\r\n",
    );
  });
});

describe("the feed's header and organiser", () => {
  it("names the site, publishes, and gives each show the promoter as organiser", () => {
    const text = buildCalendarFeed([gameOnShow()], { origin: ORIGIN });
    expect(text).toContain("\r\nPRODID:laughwindsor/shows\r\n");
    expect(text).toContain("\r\nMETHOD:PUBLISH\r\n");
    expect(text).toContain("\r\nX-WR-CALNAME:Laugh Windsor shows\r\n");
    expect(text).toContain('\r\nORGANIZER;CN="Laugh Windsor":MAILTO:info@laughwindsor.ca\r\n');
  });
});

describe("Add to Google Calendar, beyond one evening in Toronto", () => {
  const dates = (url: string) => new URL(url).searchParams.get("dates");

  it("reads the time in the show's own zone", () => {
    const show = makeShow({ date: "2026-07-10", time: "20:00", timeZone: "America/Vancouver" });
    expect(dates(googleLinkFor(show, { date: "2026-07-10", time: "20:00" }, ORIGIN))).toBe(
      "20260711T030000Z/20260711T050000Z",
    );
  });

  it("spans a multi-day one-off show, but not a date of a series", () => {
    const festival = makeShow({ date: "2026-07-10", time: "20:00", endTime: "23:00", endDate: "2026-07-12" });
    expect(dates(googleLinkFor(festival, { date: "2026-07-10", time: "20:00" }, ORIGIN))).toBe(
      "20260711T000000Z/20260713T030000Z",
    );
    const series = {
      ...festival,
      endDate: "2026-07-31",
      dates: [{ date: "2026-07-17", time: null, ticketUrl: null, price: null }],
    };
    expect(dates(googleLinkFor(series, { date: "2026-07-17", time: "20:00" }, ORIGIN))).toBe(
      "20260718T000000Z/20260718T030000Z",
    );
  });
});
