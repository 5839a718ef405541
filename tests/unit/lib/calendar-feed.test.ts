import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import {
  buildCalendarFeed,
  occurrenceUid,
  googleLinkFor,
  occurrenceEnd,
  escapeIcsText,
  foldIcs,
} from "~/lib/calendar-feed";
import { comedianFeedPath, feedLinks, seriesFeedPath, seriesSlug } from "~/lib/calendar-links";
import { addDaysIso } from "~/lib/dates";
import { gameOnShow, makeShow } from "../../support/shows";

const ORIGIN = "https://laughwindsor.ca";

function parse(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
}

describe("buildCalendarFeed", () => {
  it("is a calendar that parses back with one event per show, at the right Toronto time", () => {
    const text = buildCalendarFeed([gameOnShow()], { origin: ORIGIN });
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain("VERSION:2.0");
    expect(text).toContain("PRODID:");
    const [event] = parse(text);
    expect(event.uid).toBe("show-42-2026-05-16@laughwindsor.ca");
    expect(event.summary).toBe("Game On! Comedy Game Show");
    // 7:30 PM EDT is 23:30 UTC; the end time is the show's own (10 PM).
    expect(event.start.toISOString()).toBe("2026-05-16T23:30:00.000Z");
    expect(event.end!.toISOString()).toBe("2026-05-17T02:00:00.000Z");
    expect(event.location).toBe("The Manchester Pub, Windsor, ON");
    expect(event.url).toBe("https://laughwindsor.ca/event/42");
    expect(event.description).toContain("Contestants compete & win prizes.");
  });

  it("uses EST in winter and a two-hour default length", () => {
    const [event] = parse(
      buildCalendarFeed([gameOnShow({ date: "2026-12-05", time: "20:00", endTime: null })], {
        origin: ORIGIN,
      }),
    );
    expect(event.start.toISOString()).toBe("2026-12-06T01:00:00.000Z");
    expect(event.end!.toISOString()).toBe("2026-12-06T03:00:00.000Z");
  });

  it("expands recurring dates, skips the past ones and keeps UIDs stable between builds", () => {
    const show = gameOnShow({
      dates: [
        { date: "2026-06-05", time: null, ticketUrl: null, price: null },
        { date: "2026-06-19", time: "21:30", ticketUrl: null, price: null },
        { date: "2026-07-03", time: null, ticketUrl: null, price: null },
      ],
    });
    const first = parse(buildCalendarFeed([show], { origin: ORIGIN, from: "2026-06-10" }));
    const second = parse(buildCalendarFeed([show], { origin: ORIGIN, from: "2026-06-10" }));
    expect(first.map((e) => e.uid)).toEqual([
      occurrenceUid(42, "2026-06-19"),
      occurrenceUid(42, "2026-07-03"),
    ]);
    expect(second.map((e) => e.uid)).toEqual(first.map((e) => e.uid));
    expect(first[0].start.toISOString()).toBe("2026-06-20T01:30:00.000Z");
  });

  it("escapes text so commas, semicolons and new lines survive", () => {
    const [event] = parse(
      buildCalendarFeed(
        [gameOnShow({ title: "Laughs; Drinks, and More", description: "Line one\nLine two" })],
        { origin: ORIGIN },
      ),
    );
    expect(event.summary).toBe("Laughs; Drinks, and More");
    expect(event.description).toContain("Line one\nLine two");
  });

  it("builds an empty calendar when there are no shows", () => {
    const text = buildCalendarFeed([], { origin: ORIGIN });
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(parse(text)).toEqual([]);
  });
});

describe("buildCalendarFeed bounds (issue 20)", () => {
  const weekly = (id: number, first: string, time: string) =>
    gameOnShow({
      id,
      title: `Weekly ${id}`,
      dates: Array.from({ length: 6 }, (_, k) => ({
        date: addDaysIso(first, 7 * k),
        time,
        ticketUrl: null,
        price: null,
      })),
    });

  it("leaves out dates after `to`", () => {
    const events = parse(
      buildCalendarFeed([weekly(1, "2026-12-01", "20:00")], { origin: ORIGIN, to: "2026-12-15" }),
    );
    expect(events.map((e) => e.uid)).toEqual(
      ["2026-12-01", "2026-12-08", "2026-12-15"].map((d) => occurrenceUid(1, d)),
    );
  });

  it("keeps the soonest `limit` performances across shows, ties by time then show", () => {
    const shows = [
      weekly(2, "2026-12-02", "21:00"),
      weekly(1, "2026-12-01", "20:00"),
      weekly(3, "2026-12-02", "19:00"),
    ];
    const events = parse(buildCalendarFeed(shows, { origin: ORIGIN, limit: 4 }));
    expect(events.map((e) => e.uid).sort()).toEqual(
      [
        occurrenceUid(1, "2026-12-01"),
        occurrenceUid(3, "2026-12-02"),
        occurrenceUid(2, "2026-12-02"),
        occurrenceUid(1, "2026-12-08"),
      ].sort(),
    );
    expect(parse(buildCalendarFeed(shows, { origin: ORIGIN, limit: 100 }))).toHaveLength(18);
  });
});

// Issue 19 (mutation testing): what a subscriber sees of each show in a calendar feed, field by
// field: titles and status of cancelled, postponed and sold-out shows, multi-day shows, shows in
// another zone, descriptions, the feed's own header, and the Google Calendar link.
describe("each show's details in the feed", () => {
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
      const cancelled = only(
        buildCalendarFeed([gameOnShow({ eventStatus: "cancelled" })], { origin: ORIGIN }),
      );
      expect(cancelled.summary).toBe("Game On! Comedy Game Show (Cancelled)");
      expect(cancelled.status).toBe("CANCELLED");
      const postponed = only(
        buildCalendarFeed([gameOnShow({ eventStatus: "postponed" })], { origin: ORIGIN }),
      );
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
      expect(
        only(buildCalendarFeed([makeShow({ venue: "Tipsy Toucan" })], { origin: ORIGIN })).location,
      ).toBe("Tipsy Toucan");
    });

    it("leaves out a show whose organiser hides the start", () => {
      expect(events(buildCalendarFeed([gameOnShow({ hideStartDate: true })], { origin: ORIGIN }))).toEqual(
        [],
      );
    });

    it("spans a multi-day one-off show to its last day, but each date of a series is one evening", () => {
      const festival = makeShow({
        date: "2026-07-10",
        time: "20:00",
        endTime: "23:00",
        endDate: "2026-07-12",
      });
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
      expect(
        events(buildCalendarFeed([series], { origin: ORIGIN })).map((e) => e.end!.toISOString()),
      ).toEqual(["2026-07-18T03:00:00.000Z"]);
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
      const festival = makeShow({
        date: "2026-07-10",
        time: "20:00",
        endTime: "23:00",
        endDate: "2026-07-12",
      });
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
});

describe("the feed as RFC 5545 and the feed links", () => {
  const ORIGIN = "https://laughwindsor.ca";
  const octets = (s: string) => new TextEncoder().encode(s).length;

  function parse(text: string) {
    const parsed = ical.sync.parseICS(text);
    return {
      calendar: parsed.vcalendar as unknown as Record<string, string>,
      events: Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT"),
    };
  }

  describe("RFC 5545 rules of every feed", () => {
    it("folds lines at 75 octets, never inside a multibyte character, and parses back intact", () => {
      const title = "Soirée d'humour — 笑いの夜 🎤🎤🎤 ".repeat(6).trim();
      const description = "Éèêë ".repeat(80);
      const text = buildCalendarFeed([gameOnShow({ title, description })], { origin: ORIGIN, name: title });
      for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
      // Continuation lines start with one space and the text is valid UTF-8 (no split characters).
      expect(text).not.toContain("\uFFFD");
      const { events, calendar } = parse(text);
      expect(events[0].summary).toBe(title);
      expect(String(events[0].description)).toContain(description.trim());
      expect(calendar["WR-CALNAME"]).toBe(title);
    });

    it("folds a long ASCII line into 75 then 74-octet pieces", () => {
      const folded = foldIcs(`SUMMARY:${"x".repeat(200)}`);
      const lines = folded.split("\r\n");
      expect(lines[0]).toHaveLength(75);
      expect(lines.slice(1).every((l) => l.startsWith(" ") && octets(l) <= 75)).toBe(true);
      expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${"x".repeat(200)}`);
    });

    it("escapes the calendar name as text", () => {
      expect(escapeIcsText("A, B; C\\D\nE")).toBe("A\\, B\\; C\\\\D\\nE");
      const text = buildCalendarFeed([], { origin: ORIGIN, name: "Laughs; Drinks, and More" });
      expect(text).toContain("X-WR-CALNAME:Laughs\\; Drinks\\, and More\r\n");
      expect(parse(text).calendar["WR-CALNAME"]).toBe("Laughs; Drinks, and More");
    });

    it("never writes a zero-length or day-long event for an end time equal to the start", () => {
      const { events } = parse(
        buildCalendarFeed([gameOnShow({ time: "20:00", endTime: "20:00" })], { origin: ORIGIN }),
      );
      expect(events[0].end!.getTime() - events[0].start.getTime()).toBe(2 * 3600_000);
      const past = occurrenceEnd("2026-06-10", "22:00", "01:00", "America/Toronto");
      expect(past.end - past.start).toBe(3 * 3600_000);
      const typo = occurrenceEnd("2026-06-10", "20:00", "19:59", "America/Toronto");
      expect(typo.end - typo.start).toBe(2 * 3600_000);
    });
  });

  describe("reminders and line-ups in feeds", () => {
    it("adds a VALARM two hours before only when asked (the per-show download)", () => {
      const show = gameOnShow();
      const withAlarm = parse(buildCalendarFeed([show], { origin: ORIGIN, reminders: true }))
        .events[0] as VEvent & { alarms?: { action: string; trigger: string }[] };
      expect(withAlarm.alarms?.[0]).toMatchObject({ action: "DISPLAY", trigger: "-PT2H" });
      const subscribed = parse(buildCalendarFeed([show], { origin: ORIGIN })).events[0] as VEvent & {
        alarms?: unknown[];
      };
      expect(subscribed.alarms ?? []).toHaveLength(0);
    });

    it("names the line-up in the event description", () => {
      const show = gameOnShow({
        lineup: [
          { comedianId: 1, name: "Priya Nair", slug: "priya-nair", role: "host", headshot: null, links: [] },
          {
            comedianId: 2,
            name: "Marcus Bell",
            slug: "marcus-bell",
            role: "headliner",
            headshot: null,
            links: [],
          },
        ],
      });
      expect(String(parse(buildCalendarFeed([show], { origin: ORIGIN })).events[0].description)).toMatch(
        /^With Priya Nair and Marcus Bell/,
      );
    });
  });

  describe("feed links", () => {
    it("offers webcal and Google Calendar links for a feed path", () => {
      const links = feedLinks(ORIGIN, comedianFeedPath("priya-nair"));
      expect(links.ics).toBe("https://laughwindsor.ca/comedians/priya-nair/calendar.ics");
      expect(links.webcal).toBe("webcal://laughwindsor.ca/comedians/priya-nair/calendar.ics");
      expect(links.google).toBe(
        `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(links.webcal)}`,
      );
      expect(seriesSlug("Tuesday Night Stand-Up at Tipsy Toucan")).toBe(
        "tuesday-night-standup-at-tipsy-toucan",
      );
      expect(seriesFeedPath("Laughs on the Waterfront")).toBe(
        "/series/laughs-on-the-waterfront/calendar.ics",
      );
    });

    it("subscribes with webcal: on a plain-http origin too (a local or staging site)", () => {
      expect(feedLinks("http://localhost:3000", "/calendar.ics").webcal).toBe(
        "webcal://localhost:3000/calendar.ics",
      );
    });

    it("keeps a series slug to 120 characters", () => {
      const title = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
      const slug = seriesSlug(title);
      expect(slug).toHaveLength(120);
      expect(title.toLowerCase().replaceAll(" ", "-").startsWith(slug)).toBe(true);
    });
  });

  describe("Add to Google Calendar for one show", () => {
    it("uses the same UTC times and place as the .ics", () => {
      const url = new URL(googleLinkFor(gameOnShow(), { date: "2026-05-16", time: "19:30" }, ORIGIN));
      expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
      expect(url.searchParams.get("action")).toBe("TEMPLATE");
      expect(url.searchParams.get("text")).toBe("Game On! Comedy Game Show");
      expect(url.searchParams.get("dates")).toBe("20260516T233000Z/20260517T020000Z");
      expect(url.searchParams.get("location")).toBe("The Manchester Pub, Windsor, ON");
      expect(url.searchParams.get("details")).toBe("https://laughwindsor.ca/event/42");
    });
  });
});
