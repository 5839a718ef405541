import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { buildCalendarFeed, occurrenceUid } from "~/lib/calendar-feed";
import { addDaysIso } from "~/lib/dates";
import { gameOnShow } from "../../support/shows";

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
