import { eq } from "drizzle-orm";
import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, eventDates, events, jobLocks, venues } from "~/db/schema";
import { buildCalendarFeed } from "~/lib/calendar-feed";
import { uniqueShowPaths } from "~/lib/slug";
import { showJsonLd } from "~/lib/structured-data";
import { getShow, listShows } from "~/models/events.server";
import { tryAcquireLock } from "~/models/job-locks.server";
import { getSyncStatus } from "~/models/sync.server";
import type { EventbriteConfig } from "~/services/eventbrite-client.server";
import { runEventbriteSync, SYNC_LOCK } from "~/services/eventbrite-sync.server";
import { resetEnvCache } from "~/utils/env.server";
import { startFakeEventbrite, type FakeEventbrite } from "../../fakes/eventbrite";
import { createTestDb } from "../../support/db";

/** What the sync stores from the real-shaped fake, and what pages, JSON-LD and ICS make of it. */
let fake: FakeEventbrite;
let config: EventbriteConfig;
let database: ReturnType<typeof createTestDb>;
const ORIGIN = "https://laughwindsor.test";
const NOW = new Date("2026-11-23T12:00:00Z");

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_FETCH = "true";
  resetEnvCache();
  fake = await startFakeEventbrite({ today: "2026-11-23" });
  config = fake.config({ timeoutMs: 2_000 });
  database = createTestDb();
  const outcome = await runEventbriteSync({ config, database, now: NOW });
  expect(outcome.ok).toBe(true);
});
afterAll(async () => {
  await fake.close();
});

const row = (externalId: string) =>
  database.select().from(events).where(eq(events.externalId, externalId)).get()!;
const show = (externalId: string) => getShow(row(externalId).id, database)!;
const ld = (externalId: string) => showJsonLd(show(externalId), ORIGIN)[0] as Record<string, any>;
const ics = (externalId: string) =>
  Object.values(ical.sync.parseICS(buildCalendarFeed([show(externalId)], { origin: ORIGIN }))).filter(
    (c) => c?.type === "VEVENT",
  ) as any[];

describe("stored from the platform", () => {
  it("one venue record per platform venue, reused by every show there", () => {
    const hall = database.select().from(venues).where(eq(venues.externalId, "9302")).all();
    expect(hall).toHaveLength(1);
    const atHall = database.select().from(events).where(eq(events.venueId, hall[0].id)).all();
    expect(atHall.map((e) => e.externalId).sort()).toEqual([
      "9200000002",
      "9200000009",
      "9200000010",
      "9200000011",
    ]);
    expect(hall[0]).toMatchObject({
      slug: "sync-test-festival-tent",
      address1: "100 Example Riverside Dr W",
      city: "Windsor",
      postalCode: "N9A 0A1",
      latitude: 42.317,
    });
  });

  it("hidden events are not stored; cancelled-before-seen are not stored", () => {
    for (const id of ["9200000006", "9200000007", "9200000008"]) {
      expect(database.select().from(events).where(eq(events.externalId, id)).all()).toHaveLength(0);
    }
  });

  it("out of zone: JSON-LD with the show's own offset, ICS at the right instant, the page's address", () => {
    const data = ld("9200000001");
    expect(data.startDate).toBe("2031-07-18T20:30:00-07:00");
    expect(data.endDate).toBe("2031-07-18T22:30:00-07:00");
    expect(data.location).toEqual({
      "@type": "Place",
      name: "Sync Test Room Vancouver",
      address: {
        "@type": "PostalAddress",
        streetAddress: "200 Example St",
        addressLocality: "Vancouver",
        addressRegion: "BC",
        postalCode: "V6B 0A2",
        addressCountry: "CA",
      },
      geo: { "@type": "GeoCoordinates", latitude: 49.279, longitude: -123.109 },
    });
    const [vevent] = ics("9200000001");
    expect(vevent.start.toISOString()).toBe("2031-07-19T03:30:00.000Z");
    expect(vevent.end.toISOString()).toBe("2031-07-19T05:30:00.000Z");
    expect(vevent.location).toBe("Sync Test Room Vancouver, 200 Example St, Vancouver, BC V6B 0A2");
  });

  it("multi-day: ends when it ends, in JSON-LD and ICS", () => {
    expect(ld("9200000002")).toMatchObject({
      startDate: "2031-08-08T19:00:00-04:00",
      endDate: "2031-08-10T23:00:00-04:00",
    });
    const [vevent] = ics("9200000002");
    expect(vevent.end.toISOString()).toBe("2031-08-11T03:00:00.000Z");
  });

  it("free: price 0, never a guessed address part", () => {
    const data = ld("9200000003");
    expect(data.offers).toMatchObject({ price: "0", priceCurrency: "CAD" });
    expect(data.location.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "300 Example Ave",
      addressLocality: "Windsor",
      addressRegion: "ON",
      addressCountry: "CA",
    });
    expect(data.location.geo).toBeUndefined();
  });

  it("USD: priceCurrency USD and the price the platform gave", () => {
    expect(row("9200000004")).toMatchObject({ price: "US$20", currency: "USD", timeZone: "America/Detroit" });
    expect(ld("9200000004").offers).toMatchObject({ price: "20", priceCurrency: "USD" });
  });

  it("online: VirtualLocation and OnlineEventAttendanceMode; ICS says Online", () => {
    const data = ld("9200000005");
    expect(data.eventAttendanceMode).toBe("https://schema.org/OnlineEventAttendanceMode");
    expect(data.location["@type"]).toBe("VirtualLocation");
    expect(ics("9200000005")[0].location).toBe("Online");
  });

  it("a venue the platform gives no address for has none: no Windsor guessed", () => {
    const data = ld("9100000005");
    expect(data.location).toEqual({ "@type": "Place", name: "Sync Test Brewery" });
    expect(ics("9100000005")[0].location).toBe("Sync Test Brewery");
  });

  it("series: one show with every future date, each with its link and sold-out state", () => {
    const dates = database
      .select()
      .from(eventDates)
      .where(eq(eventDates.eventId, row("9200000010").id))
      .all();
    expect(dates.map((d) => [d.date, d.soldOut, d.ticketUrl?.endsWith(d.externalId!)])).toEqual([
      ["2031-09-02", false, true],
      ["2031-09-09", true, true],
      ["2031-09-16", false, true],
    ]);
    const all = showJsonLd(show("9200000010"), ORIGIN) as Record<string, any>[];
    expect(all.map((e) => e.offers.availability)).toEqual([
      "https://schema.org/InStock",
      "https://schema.org/SoldOut",
      "https://schema.org/InStock",
    ]);
    expect(ics("9200000010")).toHaveLength(3);
  });

  it("hide_start_date: no JSON-LD event and no calendar entry", () => {
    expect(showJsonLd(show("9200000011"), ORIGIN)).toEqual([]);
    expect(ics("9200000011")).toHaveLength(0);
  });

  it("the colliding pair gets two addresses, the spec's slug for the first", () => {
    const upcoming = listShows({ from: "2026-11-23" }, database);
    const paths = uniqueShowPaths(upcoming);
    const hikes = paths.get(row("53882456879").id);
    const bathing = paths.get(row("57800144789").id);
    expect(hikes).toBe("/show/march-19-20-21-2031-03-19");
    expect(bathing).toBe("/show/march-19-20-21-full-2031-03-19");
    expect(new Set(paths.values()).size).toBe(paths.size);
  });

  it("a show cancelled on the platform after it was public stays, as cancelled; unlisting takes it off", async () => {
    fake.setMode("ok");
    const server = await import("../../fakes/eventbrite");
    await server.patchEventbriteFakeEvent(fake.url, "9200000009", { status: "canceled" });
    await server.patchEventbriteFakeEvent(fake.url, "9200000001", { listed: false });
    await server.patchEventbriteFakeEvent(fake.url, "9100000001", {
      ticket_availability: { is_sold_out: true, has_available_tickets: false, minimum_ticket_price: null },
    });
    try {
      const outcome = await runEventbriteSync({ config, database, now: new Date(NOW.getTime() + 600_000) });
      expect(outcome.ok).toBe(true);
      expect(row("9200000009").eventStatus).toBe("cancelled");
      expect(row("9200000009").archivedAt).toBeNull();
      expect(ld("9200000009").eventStatus).toBe("https://schema.org/EventCancelled");
      expect(ics("9200000009")[0].status).toBe("CANCELLED");
      expect(row("9200000001").archivedAt).not.toBeNull();
      expect(row("9100000001").soldOut).toBe(true);
      // The dashboard: when the last run finished and what it changed.
      const status = getSyncStatus(database);
      expect(status.lastRun).toMatchObject({ ok: true, actor: "system" });
      expect(status.lastRun!.summary).toContain("1 sold out");
      expect(status.lastRun!.changes).toEqual(
        expect.arrayContaining([
          "cancelled: Patio Comedy Night Called Off Later",
          "hidden: Laugh Windsor on Tour: Vancouver Late Show",
          "sold out: Fake Sync Headliner Night",
        ]),
      );
    } finally {
      await server.patchEventbriteFakeEvent(fake.url, null);
    }
  });

  it("one run at a time: a held lock makes a second run step aside and store nothing", async () => {
    expect(tryAcquireLock(SYNC_LOCK, "other-process", 60_000, database)).toBe(true);
    const before = database.select().from(auditLog).all().length;
    const outcome = await runEventbriteSync({ config, database });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: "busy" } });
    expect(database.select().from(auditLog).all().length).toBe(before);
    // An expired lock (a crashed holder) is taken over.
    database
      .update(jobLocks)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .run();
    expect((await runEventbriteSync({ config, database })).ok).toBe(true);
    expect(database.select().from(jobLocks).all()).toHaveLength(0);
  });
});
