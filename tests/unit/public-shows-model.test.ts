import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "~/db/schema";
import { getShowForPage } from "~/models/events.server";
import { listUpcoming } from "~/models/public-shows.server";
import { seedDemoData } from "../../scripts/seeds/demo";
import { createTestDb } from "../support/db";
import { insertShow } from "../support/shows";

const TODAY = "2026-11-22";

describe("public show reads", () => {
  const db = createTestDb();
  seedDemoData(db, TODAY);
  const idOf = (title: string) =>
    db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.title, title))
      .all()
      .map((r) => r.id);

  it("merges same-title rows on the show page, whichever row is asked for", () => {
    const [first, second] = idOf("Laughs on the Waterfront");
    for (const id of [first, second]) {
      const show = getShowForPage(id, db)!;
      expect(show.id).toBe(id);
      expect(show.dates.map((d) => d.ticketUrl)).toEqual([
        "https://www.eventbrite.ca/e/laughs-on-the-waterfront-tickets-700000000201",
        "https://www.eventbrite.ca/e/laughs-on-the-waterfront-tickets-700000000202",
      ]);
    }
  });

  it("keeps an archived show as it is and returns null for unknown ids", () => {
    const [archived] = idOf("Summer Patio Send-Off");
    expect(getShowForPage(archived, db)?.archivedAt).not.toBeNull();
    expect(getShowForPage(987654, db)).toBeNull();
  });

  it("lists upcoming shows merged, sorted by next date, past and archived left out", () => {
    const list = listUpcoming(TODAY, {}, db);
    const titles = list.map((u) => u.show.title);
    expect(titles.filter((t) => t === "Laughs on the Waterfront")).toHaveLength(1);
    expect(titles).not.toContain("Late Night Roast Battle");
    expect(titles).not.toContain("Summer Patio Send-Off");
    const nextDates = list.map((u) => u.next.date);
    expect(nextDates).toEqual([...nextDates].sort());
    expect(list.find((u) => u.show.title.startsWith("Tuesday Night"))?.series).toBe(true);
  });

  it("reads a few queries whatever the number of shows", () => {
    let statements = 0;
    const prepare = db.$client.prepare.bind(db.$client);
    db.$client.prepare = ((sql: string) => {
      statements++;
      return prepare(sql);
    }) as typeof db.$client.prepare;
    try {
      listUpcoming(TODAY, {}, db);
      const few = statements;
      expect(few).toBeGreaterThan(0);
      for (let i = 0; i < 50; i++) insertShow(db, { title: `Extra ${i}`, date: "2026-12-01", venue: "X" });
      statements = 0;
      listUpcoming(TODAY, {}, db);
      expect(statements).toBe(few);
      expect(statements).toBeLessThanOrEqual(3);
    } finally {
      db.$client.prepare = prepare;
    }
  });
});

describe("title-range shows", () => {
  it("stay upcoming after their first date while the second (from the title) is ahead", () => {
    const db = createTestDb();
    insertShow(db, {
      title: "Patio Comedy Series - Walkerville Brewery (July 5th - 19th)",
      description: "Early show at 7:00 PM, late show at 9:30 PM.",
      date: "2027-07-05",
      venue: "Walkerville Brewery",
    });
    const list = listUpcoming("2027-07-10", {}, db);
    expect(list.map((u) => [u.next.date, u.next.time])).toEqual([["2027-07-19", "21:30"]]);
    expect(listUpcoming("2027-07-20", {}, db)).toEqual([]);
  });
});
