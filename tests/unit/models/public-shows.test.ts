/**
 * Issue 20: the public pages and the dashboard at 2,000 shows. Each test would notice the old
 * behaviour (reading every show in full, scanning the table) without timing anything.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { collections, comedians, eventComedians, events, images, venues } from "~/db/schema";
import { addDaysIso } from "~/lib/dates";
import { distinctVenues, filterShows, NO_FILTERS, type ShowFilters } from "~/lib/filters";
import { CAROUSEL_MAX, CLUB_PREVIEW, EPIC_DADS_PREVIEW, GRID_SIZE } from "~/lib/home-sections";
import { expandOccurrences, futurePerformances, mergeSameTitle } from "~/lib/recurrence";
import { seasonalCollectionNear } from "~/lib/seasonal";
import { autoArchivePastShows, dashboardShows } from "~/models/events-admin.server";
import { getShowForPage, listShows } from "~/models/events.server";
import {
  listUpcoming,
  calendarPage,
  FEED_MAX_EVENTS,
  feedShows,
  homePage,
  sitemapEntries,
  type ListedShow,
  toCards,
} from "~/models/public-shows.server";
import type { DB } from "~/utils/db.server";
import { seedDemoData } from "../../../scripts/seeds/demo";
import { createTestDb } from "../../support/db";
import { insertShow } from "../../support/shows";

const TODAY = "2026-11-22";

const SHOWS = 2000;

// Each test reads 2,000 shows the old way too (its reference): slow on a busy machine, not a timing test.
vi.setConfig({ testTimeout: 60_000 });

/** 2,000 shows like the growth bench's, plus the cases the rules care about. */
function seedGrowth(db: DB) {
  seedDemoData(db, TODAY);
  const c = db.$client;
  const venueRows = db.select({ id: venues.id, name: venues.name }).from(venues).all();
  const epic = db.select({ id: collections.id }).from(collections).all()[0]?.id ?? null;
  const comic = db.insert(comedians).values({ name: "Zanzibar Quipsworth", bio: "" }).returning().get();
  const insertEvent = c.prepare(
    "insert into events (title, description, date, time, venue, venue_id, collection_id, sold_out, archived_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertDate = c.prepare(
    "insert into event_dates (event_id, date, time, position) values (?, ?, ?, ?)",
  );
  c.transaction(() => {
    for (let i = 0; i < SHOWS; i++) {
      // Every 40th title is shared by several rows (the same-title merge); some are past.
      const title =
        i % 40 === 0
          ? `Shared Night ${i % 200}`
          : i % 97 === 0
            ? `Patio Series ${i} - Brewery (July 5th - 19th)`
            : `Growth Night ${i}`;
      const date = addDaysIso(TODAY, (i % 330) - 20);
      const venue = venueRows[i % venueRows.length];
      const id = Number(
        insertEvent.run(
          title,
          i % 13 === 0 ? `Late show at 9:30 PM with ${i % 7 === 0 ? "a kazoo" : "friends"}.` : `Night ${i}.`,
          date,
          i % 2 ? "19:30" : "21:00",
          venue.name,
          i % 11 === 0 ? null : venue.id,
          i % 29 === 0 ? epic : null,
          i % 17 === 0 ? 1 : 0,
          i % 53 === 0 ? Date.now() : null,
        ).lastInsertRowid,
      );
      if (i % 6 === 0)
        for (let k = 0; k < 6; k++) insertDate.run(id, addDaysIso(date, 7 * k), k % 2 ? "20:00" : null, k);
      if (i === 777)
        db.insert(eventComedians).values({ eventId: id, comedianId: comic.id, role: "host" }).run();
    }
  })();
}

/** The home page's data as the loader computed it before issue 20 (every show read in full). */
function homePageBefore(upcoming: ListedShow[], filters: ShowFilters, showAll: boolean) {
  const matching = new Set(
    filterShows(
      upcoming.map((u) => u.show),
      filters,
      TODAY,
    ).map((s) => s.id),
  );
  const filtered = upcoming.filter((u) => matching.has(u.show.id));
  const epicDads = upcoming.filter((u) => u.show.collection?.slug === "epicdads");
  const grid = showAll ? filtered : filtered.slice(0, GRID_SIZE);
  const sections = {
    // Issue 42: the carousel holds the upcoming shows the grid does not.
    carousel: upcoming.filter((u) => !grid.includes(u)).slice(0, CAROUSEL_MAX),
    epicDads: seasonalCollectionNear(
      epicDads.map((u) => u.next.date),
      TODAY,
    )
      ? epicDads.slice(0, EPIC_DADS_PREVIEW)
      : [],
    club: upcoming.filter((u) => u.show.venueRecord?.isClub).slice(0, CLUB_PREVIEW),
    grid,
  };
  const needed = new Set(Object.values(sections).flat());
  const items = upcoming.filter((u) => needed.has(u));
  const position = new Map(items.map((u, i) => [u, i]));
  const indexes = (list: typeof upcoming) => list.map((u) => position.get(u)!);
  return {
    items: toCards(items),
    carousel: indexes(sections.carousel),
    epicDads: indexes(sections.epicDads),
    club: indexes(sections.club),
    grid: indexes(sections.grid),
    shown: filtered.length,
    total: upcoming.length,
    venueOptions: distinctVenues(upcoming.map((u) => u.show)),
    filters,
    showAll,
  };
}

/** Rows read in full (statements that select a show's description and summary), while `run` runs. */
function fullRowsRead(db: DB, run: () => void) {
  let rows = 0;
  const prepare = db.$client.prepare.bind(db.$client);
  db.$client.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!/"summary"/.test(source)) return statement;
    const all = statement.all.bind(statement);
    statement.all = ((...args: unknown[]) => {
      const out = all(...(args as []));
      rows += out.length;
      return out;
    }) as typeof statement.all;
    return statement;
  }) as typeof db.$client.prepare;
  try {
    run();
  } finally {
    db.$client.prepare = prepare;
  }
  return rows;
}

/** The query plans of the statements `run` prepares (EXPLAIN QUERY PLAN, parameters unbound). */
function plansDuring(db: DB, run: () => void) {
  const sources: string[] = [];
  const prepare = db.$client.prepare.bind(db.$client);
  db.$client.prepare = ((source: string) => {
    sources.push(source);
    return prepare(source);
  }) as typeof db.$client.prepare;
  try {
    run();
  } finally {
    db.$client.prepare = prepare;
  }
  return sources
    .filter((source) => /^(select|update)/i.test(source.trim()))
    .map((source) => plan(db, source, ...Array<null>(source.split("?").length - 1).fill(null)));
}

function plan(db: DB, source: string, ...params: unknown[]) {
  return (db.$client.prepare(`explain query plan ${source}`).all(...params) as { detail: string }[])
    .map((r) => r.detail)
    .join("\n");
}

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

describe("the home page at 2,000 shows", () => {
  const db = createTestDb();
  seedGrowth(db);

  it("renders the same cards, sections, counts and venues as before, for every filter", () => {
    const cases: [ShowFilters, boolean][] = [
      [NO_FILTERS, false],
      [NO_FILTERS, true],
      [{ ...NO_FILTERS, q: "shared" }, false],
      [{ ...NO_FILTERS, q: "KAZOO" }, false],
      [{ ...NO_FILTERS, q: "quipsworth" }, false],
      [{ ...NO_FILTERS, venue: "Walkerville" }, false],
      [{ ...NO_FILTERS, from: addDaysIso(TODAY, 40), to: addDaysIso(TODAY, 45) }, true],
      [{ ...NO_FILTERS, q: "night", venue: "Tipsy", from: addDaysIso(TODAY, 10) }, false],
      [{ ...NO_FILTERS, q: "no such show anywhere" }, false],
    ];
    // Before: every upcoming show read in full (once here; the loader read them per request).
    const upcoming = listUpcoming(TODAY, {}, db);
    for (const [filters, showAll] of cases) {
      const page = homePage(TODAY, filters, showAll, db);
      expect(page).toEqual(homePageBefore(upcoming, filters, showAll));
    }
    const page = homePage(TODAY, NO_FILTERS, false, db);
    expect(page.total).toBeGreaterThan(1500);
    expect(page.grid).toHaveLength(GRID_SIZE);
    expect(page.club.length).toBeGreaterThan(0);
  });

  it("reads in full only the shows of the cards it renders", () => {
    const page = homePage(TODAY, NO_FILTERS, false, db);
    const rows = fullRowsRead(db, () => homePage(TODAY, NO_FILTERS, false, db));
    // Each card's rows (a merged show has a few), never the 2,000 shows.
    expect(page.items.length).toBeLessThanOrEqual(
      CAROUSEL_MAX + GRID_SIZE + CLUB_PREVIEW + EPIC_DADS_PREVIEW,
    );
    expect(rows).toBeLessThanOrEqual(page.items.length * 10);
    expect(fullRowsRead(db, () => listUpcoming(TODAY, {}, db))).toBeGreaterThan(1500);
  });

  it("sends a card its first three dates and how many there are, not every performance", () => {
    const page = homePage(TODAY, NO_FILTERS, false, db);
    const full = new Map(listUpcoming(TODAY, {}, db).map((u) => [u.show.id, u]));
    const series = page.items.filter((item) => item.dateCount > 3);
    expect(series.length).toBeGreaterThan(0);
    for (const item of page.items) {
      const all = full.get(item.show.id)!.upcoming;
      // "+N more dates" counts every date; the card lists the first three, date and time.
      expect(item.dateCount).toBe(all.length);
      expect(item.upcoming).toEqual(all.slice(0, 3).map(({ date, time }) => ({ date, time })));
      expect(Object.keys(item.next).sort()).toEqual(["date", "price", "ticketUrl", "time"]);
    }
  });

  it("finds the active upcoming shows by the (archived_at, date) index, not a scan", () => {
    const detail = plan(db, "select id from events where archived_at is null and date >= ?", TODAY);
    expect(detail).toMatch(/SEARCH events USING (COVERING )?INDEX events_active_date_idx/);
  });
});

describe("the calendar at 2,000 shows", () => {
  it("lists the same next five performances as before, reading only their shows in full", () => {
    const db = createTestDb();
    seedGrowth(db);
    // Before: the next 45 days (or every upcoming show) read in full.
    const before = (today: string) => {
      const end = addDaysIso(today, 45);
      let soon = expandOccurrences(mergeSameTitle(listShows({ from: today, to: end }, db)), today, end);
      if (soon.length < 5) soon = expandOccurrences(mergeSameTitle(listShows({ from: today }, db)), today);
      return soon.slice(0, 5).map((o) => [o.show.id, o.date, o.time, o.ticketUrl, o.show.title]);
    };
    // A busy day, and a date past nearly every show (the list falls back to every upcoming show).
    for (const today of [TODAY, addDaysIso(TODAY, 340)]) {
      const page = calendarPage(today.slice(0, 7), today, db);
      expect(page.upcoming.map((u) => [u.id, u.date, u.time, u.ticketUrl, u.title])).toEqual(before(today));
    }
    expect(calendarPage(TODAY.slice(0, 7), TODAY, db).upcoming).toHaveLength(5);
    // A month without shows: only the five performances' shows are read in full (before: 45 days').
    expect(fullRowsRead(db, () => calendarPage("2028-01", TODAY, db))).toBeLessThanOrEqual(10);
    expect(fullRowsRead(db, () => before(TODAY))).toBeGreaterThan(200);
  });
});

describe("the dashboard at 2,000 shows", () => {
  it("reads one page of shows, in the old order, and the archive last archived first", () => {
    const db = createTestDb();
    seedGrowth(db);
    const all = listShows({}, db);
    const { shows, paging } = dashboardShows("active", "2", 250, db);
    expect(paging).toMatchObject({ page: 2, total: all.length });
    expect(shows.map((s) => s.id)).toEqual(all.slice(250, 500).map((s) => s.id));
    expect(fullRowsRead(db, () => dashboardShows("active", "3", 250, db))).toBe(250);

    const archived = listShows({ archived: "only" }, db).sort(
      (a, b) => (b.archivedAt ?? "").localeCompare(a.archivedAt ?? "") || b.date.localeCompare(a.date),
    );
    expect(dashboardShows("archive", null, 250, db).shows.map((s) => s.id)).toEqual(
      archived.slice(0, 250).map((s) => s.id),
    );
  });

  it("auto-archives by an index search and an UPDATE: past shows only, recurring ones kept", () => {
    const db = createTestDb();
    seedGrowth(db);
    const pastBefore = listShows({}, db).filter(
      (s) => s.date < TODAY && !s.dates.some((d) => d.date >= TODAY),
    );
    expect(pastBefore.length).toBeGreaterThan(20);
    // Past shows by the index on (archived_at, date) (before: every active show, each one's
    // last date computed); each one's future dates by event_dates' index.
    let archived = 0;
    const plans = plansDuring(db, () => (archived = autoArchivePastShows(TODAY, null, db)));
    const reads = plans.filter((p) => /events/.test(p) && !/audit/.test(p));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const p of reads) {
      expect(p).toMatch(
        /SEARCH events USING (COVERING )?INDEX events_active_date_idx \(archived_at=\? AND date<\?\)/,
      );
      expect(p).not.toMatch(/SCAN/);
    }
    expect(archived).toBe(pastBefore.length);
    const archivedIds = new Set(listShows({ archived: "only" }, db).map((s) => s.id));
    expect(pastBefore.every((s) => archivedIds.has(s.id))).toBe(true);
    expect(listShows({}, db).every((s) => s.date >= TODAY || s.dates.some((d) => d.date >= TODAY))).toBe(
      true,
    );
    expect(autoArchivePastShows(TODAY, null, db)).toBe(0);
  });
});

describe("feeds and the sitemap at 2,000 shows", () => {
  const db = createTestDb();
  seedGrowth(db);

  it("the site feed reads only the shows of its soonest performances", () => {
    const shows = feedShows(TODAY, db);
    expect(shows.length).toBeLessThanOrEqual(FEED_MAX_EVENTS);
    expect(shows.length).toBeGreaterThan(100);
    // The soonest: no show in the feed starts after a show left out of it.
    const inFeed = new Set(shows.map((s) => s.id));
    const nextOf = (s: (typeof shows)[number]) => futurePerformances(s, TODAY)[0]?.date;
    const left = listShows({ from: TODAY }, db).filter((s) => !inFeed.has(s.id) && nextOf(s));
    // (Title-range shows are all read: their second date is only in the title.)
    const lastIn = shows
      .filter((s) => !s.title.endsWith("th)"))
      .map(nextOf)
      .sort()
      .at(-1)!;
    expect(lastIn > TODAY).toBe(true);
    expect(left.filter((s) => nextOf(s) < lastIn).map((s) => s.id)).toEqual([]);
    expect(fullRowsRead(db, () => feedShows(TODAY, db))).toBe(shows.length);
    expect(shows.length).toBeLessThan(listShows({ from: TODAY }, db).length / 2);
  });

  it("the sitemap lists every upcoming show from one lean query", () => {
    const entries = sitemapEntries(TODAY, db);
    const upcoming = listShows({ from: TODAY }, db);
    expect(entries.filter((e) => /^\/(show|event)\//.test(e.path))).toHaveLength(upcoming.length);
    expect(fullRowsRead(db, () => sitemapEntries(TODAY, db))).toBe(0);
  });
});

describe("the home page's first response", () => {
  it("sends the blurred preview only for the grid's cards (the first screen), not the sections below", () => {
    const db = createTestDb();
    seedDemoData(db, TODAY);
    const placeholder = "data:image/webp;base64,UklGRkAAAABXRUJQVlA4IDQAAADQAQCdASoQAAsAA4BaJYgAAubauPnP";
    db.insert(images)
      .values({ hash: "0123456789abcdef", width: 2400, height: 1350, format: "jpeg", bytes: 1, placeholder })
      .run();
    db.update(events).set({ imageHash: "0123456789abcdef", imageError: null }).run();
    const page = homePage(TODAY, NO_FILTERS, false, db);
    expect(page.grid.length).toBeGreaterThan(0);
    expect(page.carousel.length).toBeGreaterThan(0);
    for (const i of page.grid) expect(page.items[i].show.image?.placeholder).toBe(placeholder);
    for (const i of page.carousel.filter((c) => !page.grid.includes(c))) {
      expect(page.items[i].show.image?.hash).toBe("0123456789abcdef");
      expect(page.items[i].show.image?.placeholder).toBe("");
    }
  });
});
