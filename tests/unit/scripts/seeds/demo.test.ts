import { and, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { collections, comedians, eventDates, events, redirects, votes, votingRounds } from "~/db/schema";
import { addDaysIso } from "~/lib/dates";
import { weekdayInTitle } from "~/lib/weekdays";
import { formatInZone, zonedInstant } from "~/lib/zoned-time";
import { nextFathersDay, seedDemoData } from "../../../../scripts/seeds/demo";
import { createTestDb } from "../../../support/db";

const TODAY = "2026-11-22";

describe("demo seed", () => {
  it("covers every case the spec names, relative to today", () => {
    const db = createTestDb();
    const result = seedDemoData(db, TODAY);
    expect(result.seeded).toBe(true);

    const all = db.select().from(events).all();
    const upcoming = all.filter((e) => !e.archivedAt && e.date >= TODAY);
    expect(upcoming.length).toBeGreaterThan(6);

    // A recurring series with several dates.
    const series = db
      .select({ eventId: eventDates.eventId, n: sql<number>`count(*)` })
      .from(eventDates)
      .groupBy(eventDates.eventId)
      .all();
    expect(series.some((s) => s.n >= 3)).toBe(true);
    // Same-title platform rows to merge.
    const titles = all.map((e) => e.title);
    expect(titles.filter((t) => t === "Laughs on the Waterfront")).toHaveLength(2);
    // Sold out, archived, past-but-not-archived.
    expect(all.some((e) => e.soldOut && e.date >= TODAY)).toBe(true);
    expect(all.some((e) => e.archivedAt !== null)).toBe(true);
    expect(all.some((e) => e.archivedAt === null && e.date < TODAY)).toBe(true);
    // Winery and club venues.
    expect(upcoming.some((e) => e.venue.includes("Mastronardi"))).toBe(true);
    expect(upcoming.filter((e) => e.venue.includes("Tipsy Toucan")).length).toBeGreaterThanOrEqual(2);
    // Epic Dads collection with upcoming shows on Father's Day weekend.
    const epic = db.select().from(collections).where(eq(collections.slug, "epicdads")).get();
    expect(epic).toBeDefined();
    const epicShows = upcoming.filter((e) => e.collectionId === epic!.id);
    expect(epicShows.length).toBeGreaterThanOrEqual(3);
    // Game On: applications open with a closing time before the show.
    const gameOn = upcoming.find((e) => e.acceptsApplications);
    expect(gameOn?.title.toLowerCase()).toContain("game on");
    expect(gameOn?.venue.toLowerCase()).toContain("manchester");
    expect(gameOn?.applicationsCloseAt!.getTime()).toBeGreaterThan(Date.parse(`${TODAY}T00:00:00Z`));
    // 2 Minutes to Kill with an entry form; markup in a description; a TBA price.
    expect(upcoming.some((e) => e.title.includes("2 Minutes to Kill") && e.entryFormUrl)).toBe(true);
    expect(upcoming.some((e) => /<p>|<strong>/.test(e.description))).toBe(true);
    expect(upcoming.some((e) => !e.price)).toBe(true);
    // Title-range fallback case.
    expect(upcoming.some((e) => / - .*\(.*\d+th - \d+th\)$/.test(e.title))).toBe(true);
    // Comedians, an open round with votes, a redirect.
    expect(db.select().from(comedians).all().length).toBeGreaterThanOrEqual(5);
    const round = db
      .select()
      .from(votingRounds)
      .where(and(isNotNull(votingRounds.openedAt), isNull(votingRounds.closedAt)))
      .get();
    expect(round).toBeDefined();
    expect(db.select().from(votes).where(eq(votes.roundId, round!.id)).all().length).toBeGreaterThan(0);
    expect(db.select().from(redirects).all().length).toBeGreaterThan(0);
    // Every upcoming dated row is in the future of today.
    expect(db.select().from(eventDates).where(gte(eventDates.date, TODAY)).all().length).toBeGreaterThan(0);
  });

  it("puts every show named after a weekday on that weekday in Toronto, whatever day it is seeded", () => {
    // Seeded on each day of a week, including across the year end.
    for (let offset = 0; offset < 8; offset++) {
      const today = addDaysIso("2026-12-27", offset);
      const db = createTestDb();
      seedDemoData(db, today);
      const named = db
        .select()
        .from(events)
        .all()
        .filter((e) => weekdayInTitle(e.title));
      expect(named.map((e) => e.title)).toEqual(
        expect.arrayContaining(["Tuesday Night Stand-Up at Tipsy Toucan", "Headliner Friday: Club Special"]),
      );
      for (const show of named) {
        const dated = db.select().from(eventDates).where(eq(eventDates.eventId, show.id)).all();
        const performances = [
          { date: show.date, time: show.time },
          ...dated.map((d) => ({ date: d.date, time: d.time ?? show.time })),
        ];
        expect(dated.length === 0 || dated.length >= 3, show.title).toBe(true);
        for (const p of performances) {
          const weekday = formatInZone(
            zonedInstant(p.date, p.time, "America/Toronto"),
            "EEEE",
            "America/Toronto",
          );
          expect(`${show.title} on ${p.date} (seeded ${today}): ${weekday}`).toBe(
            `${show.title} on ${p.date} (seeded ${today}): ${weekdayInTitle(show.title)}`,
          );
          expect(p.date > today).toBe(true);
        }
      }
    }
  });

  it("never touches a database that already has shows", () => {
    const db = createTestDb();
    seedDemoData(db, TODAY);
    const before = db
      .select({ n: sql<number>`count(*)` })
      .from(events)
      .get()!.n;
    const again = seedDemoData(db, addDaysIso(TODAY, 3));
    expect(again.seeded).toBe(false);
    expect(
      db
        .select({ n: sql<number>`count(*)` })
        .from(events)
        .get()!.n,
    ).toBe(before);
  });

  it("finds the next Father's Day", () => {
    expect(nextFathersDay("2026-11-22")).toBe("2027-06-20");
    expect(nextFathersDay("2027-01-01")).toBe("2027-06-20");
    expect(nextFathersDay("2026-06-21")).toBe("2026-06-21");
    expect(nextFathersDay("2026-06-22")).toBe("2027-06-20");
    expect(nextFathersDay("2026-06-01")).toBe("2026-06-21");
  });
});
