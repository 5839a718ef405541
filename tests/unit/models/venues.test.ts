import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { redirects, staffUsers, venues } from "~/db/schema";
import { showBadges } from "~/lib/badges";
import { buildCalendarFeed } from "~/lib/calendar-feed";
import { cardShow } from "~/lib/cards";
import { showPlace } from "~/lib/show-place";
import { isWebUrl } from "~/lib/web-url";
import { listShows } from "~/models/events.server";
import {
  seedVenueFlags,
  listAboutVenues,
  listClubVenues,
  pickOrCreateVenue,
  updateVenue,
  venuePagePaths,
} from "~/models/venues.server";
import { openDatabase } from "~/utils/db.server";
import { seedDemoData } from "../../../scripts/seeds/demo";
import { SPEC_VENUES } from "../../../scripts/seeds/venue-data";
import { createTestDb } from "../../support/db";

const TODAY = "2026-11-22";
const SPEC_SLUGS = [
  "colasantis",
  "downtown-windsor",
  "manchester-pub",
  "mastronardi-winery",
  "tipsy-toucan",
  "walkerville-brewery",
  "windsor-comedy",
  "wolfhead-distillery",
];

describe("the demo seed's venue records", () => {
  const db = createTestDb();
  seedDemoData(db, TODAY);
  const all = db.select().from(venues).all();

  it("has the spec's eight venue pages as records, with their marketing sections", () => {
    expect(SPEC_SLUGS.every((s) => all.some((v) => v.slug === s))).toBe(true);
    const downtown = all.find((v) => v.slug === "downtown-windsor")!;
    expect(downtown.sections?.map((s) => s.heading)).toEqual(["Comedy nights downtown", "Plan your visit"]);
    expect(downtown.pageLinks?.map((l) => l.to)).toEqual(["/calendar"]);
    expect(venuePagePaths(db)).toEqual(expect.arrayContaining(SPEC_SLUGS.map((s) => `/${s}`)));
    expect(listAboutVenues(db).map((v) => v.slug)).toEqual([
      "downtown-windsor",
      "tipsy-toucan",
      "walkerville-brewery",
      "wolfhead-distillery",
      "colasantis",
    ]);
  });

  it("fills only the cited address parts and guesses none", () => {
    const bySlug = (s: string) => all.find((v) => v.slug === s)!;
    expect(bySlug("walkerville-brewery")).toMatchObject({
      address1: "525 Argyle Rd",
      city: "Windsor",
      postalCode: null,
      latitude: null,
    });
    expect(bySlug("mastronardi-winery")).toMatchObject({
      address1: "1193 Concession Road 3",
      city: "Kingsville",
      postalCode: "N9Y 2E5",
    });
    // No source found for the club: not even a city.
    expect(bySlug("tipsy-toucan")).toMatchObject({
      address1: null,
      city: null,
      postalCode: null,
      latitude: null,
      longitude: null,
    });
    expect(all.every((v) => v.latitude === null && v.longitude === null)).toBe(true);
    // Every filled street address names the public pages it was read from.
    const streets = SPEC_VENUES.filter((x) => x.address1);
    expect(streets.map((v) => v.slug)).toEqual(["mastronardi-winery", "walkerville-brewery"]);
    for (const v of streets) {
      expect(v.addressSources?.length, v.slug).toBeGreaterThan(0);
      for (const url of v.addressSources!) expect(isWebUrl(url), url).toBe(true);
    }
  });

  it("links every demo show to a record and seeds the flags from the configuration", () => {
    const shows = listShows({ archived: "include" }, db);
    expect(shows.filter((s) => !/^(tba|online)$/i.test(s.venue)).every((s) => s.venueRecord)).toBe(true);
    expect(shows.find((s) => s.venue === "Downtown Windsor Riverfront Hall")?.venueRecord?.slug).toBe(
      "downtown-windsor",
    );
    expect(listClubVenues(db).map((v) => v.slug)).toEqual(["tipsy-toucan"]);
    expect(all.filter((v) => v.isWinery).map((v) => v.slug)).toEqual(["mastronardi-winery"]);
    // The flag, not the name, gives the badge on cards.
    const winery = shows.find((s) => s.venue === "Mastronardi Estate Winery")!;
    expect(showBadges(cardShow(winery)).map((b) => b.label)).toContain("Winery Event");
  });

  it("a venue's feed (/venues/{slug}/calendar.ics) parses with node-ical: its shows, its escaped name, its cited address", () => {
    const walkerville = all.find((v) => v.slug === "walkerville-brewery")!;
    const shows = listShows({ from: TODAY, venueId: walkerville.id }, db);
    expect(shows.length).toBeGreaterThan(0);
    const text = buildCalendarFeed(shows, {
      origin: "https://laughwindsor.ca",
      from: TODAY,
      zone: "America/Toronto",
      name: "Walkerville Brewery; patio, taproom shows",
    });
    const parsed = ical.sync.parseICS(text);
    const vevents = Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT");
    expect(vevents.length).toBeGreaterThanOrEqual(shows.length);
    expect(
      vevents.every((e) => String(e.location).startsWith("Walkerville Brewery, 525 Argyle Rd, Windsor, ON")),
    ).toBe(true);
    expect((parsed.vcalendar as unknown as Record<string, string>)["WR-CALNAME"]).toBe(
      "Walkerville Brewery; patio, taproom shows",
    );
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line, "utf8") <= 75)).toBe(true);
  });

  it("ticking the club flag on another venue gives its shows the Club Show badge and puts them on the club page", () => {
    const brewery = all.find((v) => v.slug === "walkerville-brewery")!;
    const before = listShows({ from: TODAY }, db).filter((s) => s.venueRecord?.id === brewery.id);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => !showBadges(s).some((b) => b.kind === "club"))).toBe(true);
    const staff = db
      .insert(staffUsers)
      .values({ username: "venue-staff", passwordHash: "x" })
      .returning()
      .get();
    const { id: _id, slug: _slug, externalId: _e, createdAt: _c, updatedAt: _u, ...values } = brewery;
    updateVenue(
      brewery.id,
      { ...values, sections: values.sections ?? [], pageLinks: values.pageLinks ?? [], isClub: true },
      { id: staff.id, username: staff.username } as Parameters<typeof updateVenue>[2],
      db,
    );
    const after = listShows({ from: TODAY }, db).filter((s) => s.venueRecord?.id === brewery.id);
    expect(after.every((s) => showBadges(s).some((b) => b.label === "Club Show"))).toBe(true);
    expect(listShows({ from: TODAY, clubOnly: true }, db).some((s) => s.venueRecord?.id === brewery.id)).toBe(
      true,
    );
  });
});

describe("seedVenueFlags", () => {
  it("seeds each flag from the configuration only while no venue has it", () => {
    const db = createTestDb();
    db.insert(venues)
      .values([
        { name: "The Laugh Cellar", slug: "laugh-cellar" },
        { name: "Vine Hall Winery", slug: "vine-hall" },
      ])
      .run();
    expect(seedVenueFlags(db, { clubVenue: "laugh cellar", wineryVenue: "Vine Hall" })).toEqual({
      club: ["The Laugh Cellar"],
      winery: ["Vine Hall Winery"],
    });
    // Staff moved the club flag: the configuration is not read again.
    db.update(venues).set({ isClub: false }).where(eq(venues.slug, "laugh-cellar")).run();
    db.update(venues).set({ isClub: true }).where(eq(venues.slug, "vine-hall")).run();
    expect(seedVenueFlags(db, { clubVenue: "laugh cellar", wineryVenue: "Vine Hall" })).toEqual({
      club: [],
      winery: [],
    });
    expect(db.select().from(venues).where(eq(venues.slug, "laugh-cellar")).get()?.isClub).toBe(false);
  });

  it("matches names by the one venue rule (venueContains), accented capitals too", () => {
    const db = createTestDb();
    db.insert(venues)
      .values([
        { name: "CAFÉ ÉLAN Comedy Room", slug: "cafe-elan" },
        { name: "Château Winery", slug: "chateau" },
      ])
      .run();
    // SQLite's lower() folds ASCII only: a query-side copy of the rule missed these names.
    expect(seedVenueFlags(db, { clubVenue: " café élan ", wineryVenue: "CHÂTEAU" })).toEqual({
      club: ["CAFÉ ÉLAN Comedy Room"],
      winery: ["Château Winery"],
    });
  });
});

describe("venue records without an address", () => {
  it("a typed venue gets a record, a page slug that no route owns, and no address at all", () => {
    const db = createTestDb();
    const id = pickOrCreateVenue("About", db)!;
    const v = db.select().from(venues).where(eq(venues.id, id)).get()!;
    expect(v.slug).toBe("about-2");
    expect(
      showPlace({ venue: "About", venueRecord: { ...v, isClub: false, isWinery: false } }),
    ).toMatchObject({ line: null, postalAddress: null, mapUrl: null });
  });

  it("a venue named after a path the server answers itself (/metrics) gets a slug of its own", () => {
    const db = createTestDb();
    const id = pickOrCreateVenue("Metrics", db)!;
    expect(db.select().from(venues).where(eq(venues.id, id)).get()!.slug).toBe("metrics-2");
  });
});

describe("venue slugs and short links", () => {
  it("a new venue never takes the path of a /{name} short link", () => {
    const db = createTestDb();
    db.insert(redirects).values({ name: "summer", targetUrl: "https://example.com/summer-series" }).run();
    const id = pickOrCreateVenue("Summer", db)!;
    const v = db.select().from(venues).where(eq(venues.id, id)).get()!;
    expect(v.slug).toBe("summer-2");
  });
});

describe("the venue-records migration (0007) on a database from before it", () => {
  it("turns the old venue pages into records, keeps staff values, and links the shows the old pages listed", () => {
    const database = openDatabase(":memory:");
    const dir = path.resolve("drizzle");
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f))
      .sort();
    const run = (file: string) => {
      for (const stmt of fs.readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint")) {
        if (stmt.trim()) database.$client.exec(stmt);
      }
    };
    for (const f of files.filter((f) => f < "0007")) run(f);
    const sqlite = database.$client;
    // What migration 0004 left: one name-only record per venue text, shows linked to it; staff
    // had already typed a phone number on the Tipsy Toucan record.
    sqlite.exec(
      `INSERT INTO venues (name, slug, phone) VALUES ('Tipsy Toucan', 'tipsy-toucan', '555-0100'), ('Mastronardi Estate Winery', 'mastronardi-estate-winery', NULL), ('Tipsy Toucan Lounge', 'tipsy-toucan-lounge', NULL), ('Eventbrite Hall', 'eventbrite-hall', NULL)`,
    );
    sqlite.exec(`UPDATE venues SET external_id = 'eb-1' WHERE slug = 'eventbrite-hall'`);
    sqlite.exec(`INSERT INTO events (title, date, venue, venue_id) VALUES
      ('A', '2030-01-01', 'Tipsy Toucan', (SELECT id FROM venues WHERE slug = 'tipsy-toucan')),
      ('B', '2030-01-02', 'Mastronardi Estate Winery', (SELECT id FROM venues WHERE slug = 'mastronardi-estate-winery')),
      ('C', '2030-01-03', 'Tipsy Toucan Lounge', (SELECT id FROM venues WHERE slug = 'tipsy-toucan-lounge')),
      ('D', '2030-01-04', 'Walkerville Brewery', NULL),
      ('E', '2030-01-05', 'Walkerville at Eventbrite Hall', (SELECT id FROM venues WHERE slug = 'eventbrite-hall'))`);
    run(files.find((f) => f.startsWith("0007"))!);

    const rows = sqlite
      .prepare("SELECT slug, name, phone, address_1, postal_code, city, intro FROM venues")
      .all() as Record<string, string | null>[];
    const bySlug = (s: string) => rows.find((r) => r.slug === s);
    expect(SPEC_SLUGS.every((s) => bySlug(s))).toBe(true);
    expect(bySlug("tipsy-toucan")).toMatchObject({ name: "Tipsy Toucan", phone: "555-0100", city: null });
    expect(bySlug("tipsy-toucan")?.intro).toMatch(/home club/);
    // The record of the same name took the spec's slug and its cited address.
    expect(bySlug("mastronardi-winery")).toMatchObject({
      name: "Mastronardi Estate Winery",
      address_1: "1193 Concession Road 3",
      postal_code: "N9Y 2E5",
    });
    expect(bySlug("mastronardi-estate-winery")).toBeUndefined();
    const venueOf = (title: string) =>
      (
        sqlite
          .prepare("SELECT v.slug FROM events e LEFT JOIN venues v ON v.id = e.venue_id WHERE e.title = ?")
          .get(title) as { slug: string | null }
      ).slug;
    expect(["A", "B", "C", "D", "E"].map(venueOf)).toEqual([
      "tipsy-toucan",
      "mastronardi-winery",
      "tipsy-toucan",
      "walkerville-brewery",
      "eventbrite-hall",
    ]);
    // Counted in SQL: the schema's later columns are not in a database of this migration.
    expect(sqlite.prepare("SELECT count(*) AS n FROM events").get()).toEqual({ n: 5 });
  });
});
