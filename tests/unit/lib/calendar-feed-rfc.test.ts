import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { buildCalendarFeed, escapeIcsText, foldIcs, googleLinkFor, occurrenceEnd } from "~/lib/calendar-feed";
import { comedianFeedPath, feedLinks, seriesFeedPath, seriesSlug } from "~/lib/calendar-links";
import { gameOnShow } from "../../support/shows";

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
    expect(seriesFeedPath("Laughs on the Waterfront")).toBe("/series/laughs-on-the-waterfront/calendar.ics");
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
