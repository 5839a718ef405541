import fs from "node:fs";
import { eq, and } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, afterEach } from "vitest";
import { auditLog, eventDates, events, staffUsers, outbox, waitlistEntries } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { type SyncedShow } from "~/lib/eventbrite";
import { SYNCED_FIELDS } from "~/lib/eventbrite-sync";
import { SITE } from "~/lib/site";
import { setSoldOut } from "~/models/events-admin.server";
import { getSyncStatus, resetStaffEdits } from "~/models/sync.server";
import { setDateSoldOut } from "~/models/waitlist.server";
import { lookupEventDetails } from "~/services/event-lookup.server";
import { type EventbriteConfig } from "~/services/eventbrite-client.server";
import { runEventbriteSync, fetchSyncedShows } from "~/services/eventbrite-sync.server";
import { deliverDue } from "~/services/outbox-sender.server";
import { type DB } from "~/utils/db.server";
import { resetEnvCache, getEnv } from "~/utils/env.server";
import {
  FIXTURE_PUBLIC_IDS,
  startFakeEventbrite,
  type FakeEventbrite,
  eventbriteFixture,
  FAKE_EVENTBRITE_ORG,
  FAKE_EVENTBRITE_TOKEN,
  FIXTURE_EVENTS,
  SINGLE_EVENTS,
  type FakeEvent,
  patchEventbriteFakeEvent,
} from "../../fakes/eventbrite";
import { startFakeSmtp } from "../../fakes/smtp";
import { createTestDb } from "../../support/db";
import { readableMail as readable } from "../../support/mail";
import { joinWaitlist } from "../../support/mail-lists";

const STAFF = { id: 1, username: "tester" } as never;
/** A migrated database with the staff account the audit entries point at. */
function createDb() {
  const database = createTestDb();
  database.insert(staffUsers).values({ id: 1, username: "tester", passwordHash: "x" }).run();
  return database;
}
let fake: FakeEventbrite;
let config: EventbriteConfig;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_FETCH = "true";
  resetEnvCache();
  fake = await startFakeEventbrite({ slowMs: 2_000 });
  // Generous for a loaded test machine; the slow mode answers well after it.
  config = fake.config({ timeoutMs: 1_000 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.setMode("ok");
  fake.requests.length = 0;
});

const synced = (database: ReturnType<typeof createTestDb>) =>
  database.select().from(events).where(eq(events.source, "eventbrite")).all();

describe("ticketing sync against the fake platform", () => {
  it("follows pagination to the end, looks up missing venues, skips past shows", async () => {
    const database = createDb();
    const outcome = await runEventbriteSync({ config, database, staff: STAFF });
    expect(outcome).toMatchObject({
      ok: true,
      pages: 3,
      message: `Successfully synced ${4 + FIXTURE_PUBLIC_IDS.length} events from the external ticketing platform`,
    });
    const listCalls = fake.requests.filter((r) => r.path.includes("/organizations/")).map((r) => r.path);
    expect(listCalls).toHaveLength(3);
    expect(decodeURIComponent(listCalls[0])).toContain("status=live,started,canceled");
    expect(decodeURIComponent(listCalls[0])).toContain("expand=venue,ticket_availability,logo");
    expect(listCalls[1]).toContain("continuation=page-2-token");
    expect(listCalls[2]).toContain("continuation=page-3-token");
    // The series parent's dates come from the series endpoint.
    expect(fake.requests.some((r) => r.path.startsWith("/series/9200000010/events/"))).toBe(true);

    const rows = synced(database);
    expect(rows.map((r) => r.externalId).sort()).toEqual(
      ["9100000001", "9100000002", "9100000004", "9100000005", ...FIXTURE_PUBLIC_IDS].sort(),
    );
    const byId = Object.fromEntries(rows.map((r) => [r.externalId, r]));
    expect(byId["9100000002"].soldOut).toBe(true);
    expect(byId["9100000004"].venue).toBe("TBA"); // venue lookup 404: tolerated
    expect(byId["9100000005"].venue).toBe("Sync Test Brewery"); // found by lookup
    expect(byId["9100000005"].price).toBe("TBA");
    expect(rows.every((r) => r.lastSyncedAt instanceof Date)).toBe(true);

    const audit = database.select().from(auditLog).where(eq(auditLog.action, "sync.run")).all();
    expect(audit).toHaveLength(1);
    expect(audit[0].actor).toBe("tester");
    expect(audit[0].after).toMatchObject({
      ok: true,
      created: 4 + FIXTURE_PUBLIC_IDS.length,
      skippedPast: 1,
      hidden: 3,
    });
  });

  it("is idempotent: a second run duplicates and changes nothing but last_synced_at", async () => {
    const database = createDb();
    const t1 = new Date(Date.now() - 60_000);
    const t2 = new Date();
    await runEventbriteSync({ config, database, now: t1 });
    const first = synced(database);
    const second = await runEventbriteSync({ config, database, now: t2 });
    const n = 4 + FIXTURE_PUBLIC_IDS.length;
    expect(second.ok && second.counts).toMatchObject({ synced: n, created: 0, updated: 0, unchanged: n });
    const after = synced(database);
    expect(after).toHaveLength(first.length);
    const strip = (r: (typeof first)[number]) => ({ ...r, lastSyncedAt: null });
    expect(after.map(strip)).toEqual(first.map(strip));
    expect(after[0].lastSyncedAt?.getTime()).toBe(t2.getTime());
  });

  it("updates a changed show and respects staff edits until staff reset them", async () => {
    const database = createDb();
    await runEventbriteSync({ config, database });
    database.update(events).set({ title: "Old title" }).where(eq(events.externalId, "9100000001")).run();
    database
      .update(events)
      .set({ title: "Staff's better title", price: "$20 at the door", staffEditedAt: new Date() })
      .where(eq(events.externalId, "9100000005"))
      .run();

    const outcome = await runEventbriteSync({ config, database });
    expect(outcome.ok && outcome.counts).toMatchObject({ updated: 1, keptStaffEdits: 1 });
    const row = (id: string) => database.select().from(events).where(eq(events.externalId, id)).get()!;
    expect(row("9100000001").title).toBe("Fake Sync Headliner Night");
    expect(row("9100000005").title).toBe("Staff's better title");
    expect(row("9100000005").price).toBe("$20 at the door");

    const status = getSyncStatus(database);
    expect(status.staffEdited.map((s) => s.title)).toEqual(["Staff's better title"]);
    expect(status.lastSyncedAt).not.toBeNull();

    expect(resetStaffEdits(row("9100000005").id, STAFF, database)).toBe("Staff's better title");
    await runEventbriteSync({ config, database });
    expect(row("9100000005").title).toBe("Fake Sync Brewery Night");
    expect(getSyncStatus(database).staffEdited).toEqual([]);
  });

  it("can mark a show sold out but never reopens one staff marked (or one marked before marks had an author)", async () => {
    const database = createDb();
    await runEventbriteSync({ config, database });
    database.update(events).set({ soldOut: true }).where(eq(events.externalId, "9100000001")).run();
    await runEventbriteSync({ config, database });
    expect(database.select().from(events).where(eq(events.externalId, "9100000001")).get()!.soldOut).toBe(
      true,
    );
  });

  it("leaves archived shows alone", async () => {
    const database = createDb();
    await runEventbriteSync({ config, database });
    database
      .update(events)
      .set({ archivedAt: new Date(), title: "Archived" })
      .where(eq(events.externalId, "9100000002"))
      .run();
    const outcome = await runEventbriteSync({ config, database });
    expect(outcome.ok && outcome.counts.skippedArchived).toBe(1);
    expect(database.select().from(events).where(eq(events.externalId, "9100000002")).get()!.title).toBe(
      "Archived",
    );
  });

  it("says there is nothing to sync when the platform lists no events", async () => {
    fake.setMode("empty");
    const database = createDb();
    const outcome = await runEventbriteSync({ config, database });
    expect(outcome.message).toBe(
      "No events to sync from the external ticketing platform. The API server might be unavailable.",
    );
    expect(synced(database)).toHaveLength(0);
  });

  const failures: [
    string,
    Parameters<FakeEventbrite["setMode"]>[0] | null,
    Partial<EventbriteConfig>,
    RegExp,
  ][] = [
    ["not configured", null, { token: undefined }, /not configured \(set EVENTBRITE_TOKEN\)/],
    ["a bad token", null, { token: "wrong" }, /refused the API token \(HTTP 401\)/],
    [
      "an unknown organization",
      null,
      { organizationId: "999" },
      /does not know this organization \(HTTP 404\)/,
    ],
    ["rate limiting", "rate-limited", {}, /limiting requests \(HTTP 429\)\. Try again in 42 seconds\./],
    ["a server error", "server-error", {}, /server error \(HTTP 500\)/],
    ["a timeout", "slow", {}, /did not answer within 1 seconds/],
    ["malformed JSON", "malformed", {}, /not valid JSON/],
    ["an unexpected shape", "bad-shape", {}, /unexpected shape \(events\.0\.name/],
    ["endless pagination", "endless", {}, /kept returning more pages/],
  ];
  for (const [name, mode, override, expected] of failures) {
    it(`fails clearly on ${name}, storing no show`, async () => {
      const database = createDb();
      if (mode) fake.setMode(mode);
      const outcome = await runEventbriteSync({ config: { ...config, ...override }, database });
      expect(outcome.ok).toBe(false);
      expect(outcome.message).toMatch(/^Failed to sync events: /);
      expect(outcome.message).toMatch(expected);
      expect(synced(database)).toHaveLength(0);
      const audit = database.select().from(auditLog).all();
      expect(audit).toHaveLength(1);
      expect(audit[0].after).toMatchObject({ ok: false });
    });
  }

  it("stores nothing when the second page fails after the first arrived", async () => {
    const database = createDb();
    fake.setMode("fail-page-2");
    const outcome = await runEventbriteSync({ config, database });
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toMatch(/server error \(HTTP 503\)/);
    expect(fake.requests.filter((r) => r.path.includes("/organizations/"))).toHaveLength(2);
    expect(synced(database)).toHaveLength(0);
  });

  it("reports one series' 404 as that series' failure, stores the rest and leaves the series as stored", async () => {
    const database = createDb();
    await runEventbriteSync({ config, database });
    const series = () => database.select().from(events).where(eq(events.externalId, "9200000010")).get()!;
    const datesBefore = database.select().from(eventDates).where(eq(eventDates.eventId, series().id)).all();
    expect(datesBefore.length).toBeGreaterThan(0);
    database.update(events).set({ title: "Old title" }).where(eq(events.externalId, "9100000001")).run();

    fake.setMode("series-not-found");
    const outcome = await runEventbriteSync({ config, database });
    expect(outcome.ok).toBe(true);
    expect(outcome.message).toMatch(/^Successfully synced \d+ events from the external ticketing platform\./);
    expect(outcome.message).toContain(
      'One series could not be read and keeps its last synced dates: "Tuesday Stand-Up Series": the ticketing platform does not know series 9200000010 (HTTP 404).',
    );
    expect(outcome.message).not.toMatch(/organization/);
    // The rest of the sync went on: another show was refreshed.
    expect(database.select().from(events).where(eq(events.externalId, "9100000001")).get()!.title).toBe(
      "Fake Sync Headliner Night",
    );
    expect(database.select().from(eventDates).where(eq(eventDates.eventId, series().id)).all()).toEqual(
      datesBefore,
    );
    expect(getSyncStatus(database).lastRun).toMatchObject({
      ok: true,
      summary: expect.stringMatching(/1 series not read/),
    });
  });

  it("does not store shows dated before today in Toronto", async () => {
    const database = createDb();
    await runEventbriteSync({ config, database });
    expect(synced(database).every((r) => r.date >= todayIn())).toBe(true);
    expect(synced(database).some((r) => r.date === addDaysIso(todayIn(), -1))).toBe(false);
  });
});

describe("the request paths of the sync and of load-from-URL", () => {
  /**
   * Issue 19: one payload reads the same whether the sync stored it or staff loaded it from its
   * URL. Every fixture in tests/fixtures/eventbrite goes through both paths against the fake
   * (client, venue look-up, series endpoint, mapper), and the fields both give are compared.
   */
  const TODAY = "2026-11-23";
  const saved = { ...process.env };
  let fake: FakeEventbrite;
  let shows: SyncedShow[];

  beforeAll(async () => {
    // The load-from-URL fixture is listed too here, so the sync maps it as well.
    const singles = SINGLE_EVENTS.map((name) => eventbriteFixture(name));
    fake = await startFakeEventbrite({ today: TODAY, listed: singles });
    Object.assign(process.env, {
      EVENTBRITE_API_URL: fake.url,
      EVENTBRITE_TOKEN: FAKE_EVENTBRITE_TOKEN,
      EVENTBRITE_ORGANIZATION_ID: FAKE_EVENTBRITE_ORG,
      ALLOW_PRIVATE_FETCH: "true",
    });
    resetEnvCache();
    ({ shows } = await fetchSyncedShows(fake.config(), {
      today: TODAY,
      businessZone: getEnv().APP_TIMEZONE,
    }));
  });

  afterAll(async () => {
    await fake.close();
    process.env = saved;
    resetEnvCache();
  });

  /**
   * What load-from-URL fills in, from the show the sync stores: the fields the sync writes
   * (SYNCED_FIELDS), which are the form's. The form leaves the image empty where the sync puts
   * the stock image.
   */
  function formFieldsOf(show: SyncedShow) {
    const fields: Record<string, unknown> = Object.fromEntries(SYNCED_FIELDS.map((k) => [k, show[k]]));
    if (show.imageUrl === SITE.fallbackImage) fields.imageUrl = null;
    return fields;
  }

  async function loaded(ticketUrl: string) {
    const result = await lookupEventDetails(ticketUrl, TODAY);
    expect(result.ok, `load ${ticketUrl}`).toBe(true);
    const { isEventbrite, ...details } = result.details;
    expect(isEventbrite).toBe(true);
    return details;
  }

  describe("sync and load-from-URL read a payload the same", () => {
    it("covers every fixture file", () => {
      const files = fs
        .readdirSync("tests/fixtures/eventbrite")
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.replace(/\.json$/, ""))
        .sort();
      // The series' occurrences and the captured venue reach both paths through the series
      // endpoint and the venue look-up of the collision pair; the box office's fixtures (ticket
      // classes, attendees, an order, webhooks) are templates of the fake's answers (box-office tests).
      const boxOffice = ["attendees", "order", "ticket-classes", "webhook", "webhook-order-placed"];
      const covered = [
        ...FIXTURE_EVENTS,
        ...SINGLE_EVENTS,
        "series-occurrences",
        "venue-27665366",
        ...boxOffice,
      ].sort();
      expect(covered).toEqual(files);
      for (const name of [...FIXTURE_EVENTS, ...SINGLE_EVENTS]) {
        const id = eventbriteFixture<FakeEvent>(name).id;
        expect(
          shows.some((s) => s.externalId === id),
          `${name} synced`,
        ).toBe(true);
      }
    });

    it("gives the same title, description, date, time, venue, image, link and price for each event", async () => {
      // Staff paste the event's own address (a series parent's too, not one of its dates).
      const payloads = [...FIXTURE_EVENTS, ...SINGLE_EVENTS].map((name) =>
        eventbriteFixture<FakeEvent>(name),
      );
      for (const payload of payloads) {
        const show = shows.find((s) => s.externalId === payload.id)!;
        expect(await loaded(String(payload.url)), payload.id).toEqual(formFieldsOf(show));
      }
    });

    it("gives each date of a series the date, time, link and price the sync stored for it", async () => {
      const series = shows.find((s) => s.dates.length > 0)!;
      expect(series.dates.length).toBeGreaterThan(1);
      for (const date of series.dates) {
        const details = await loaded(date.ticketUrl!);
        expect(
          { date: details.date, time: details.time, ticketUrl: details.ticketUrl, price: details.price },
          date.externalId,
        ).toEqual({ date: date.date, time: date.time, ticketUrl: date.ticketUrl, price: date.price });
        expect(details.venue).toBe(series.venue);
      }
    });

    it("shows the platform's own fixtures with an address the look-up found (collision pair)", () => {
      const hikes = shows.find(
        (s) => s.externalId === eventbriteFixture<FakeEvent>("collision-full-moon-hikes").id,
      )!;
      expect(hikes.venueRecord?.postalCode).toBe("20002");
    });
  });
});

describe("the sync tells the waitlist", () => {
  /**
   * Issue 18: the ticketing sync tells the waitlist. Against the fake platform
   * (tests/fakes/eventbrite.ts, real-shaped fixtures) and the fake SMTP server: a show or a
   * series date the platform had sold out and has seats for again is reopened and its
   * waitlist e-mailed, in the sync's own transaction, once per person per day; what staff
   * marked sold out by hand stays sold out.
   */

  const ORIGIN = "https://laugh.example";
  const STAFF = { id: 1, username: "tester" } as never;
  /** The fake's one-off show that the platform sells out. */
  const SOLD_OUT_SHOW = "9100000002";
  /** The fixture series and its sold-out occurrence (2031-09-09). */
  const SERIES = "9200000010";
  const SOLD_OUT_DATE = "2031-09-09";
  const OCCURRENCE = {
    "2031-09-02": "92000000111",
    "2031-09-09": "92000000121",
    "2031-09-16": "92000000131",
  } as const;

  let fake: FakeEventbrite;
  let config: EventbriteConfig;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

  beforeAll(async () => {
    process.env.ALLOW_PRIVATE_FETCH = "true";
    resetEnvCache();
    fake = await startFakeEventbrite();
    config = fake.config({ timeoutMs: 5_000 });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    await patchEventbriteFakeEvent(fake.url, null);
    smtp = await startFakeSmtp();
  });
  afterEach(async () => {
    await smtp.close();
  });

  function createDb() {
    const database = createTestDb();
    database.insert(staffUsers).values({ id: 1, username: "tester", passwordHash: "x" }).run();
    return database;
  }

  /** The platform's ticket_availability with seats (true) or sold out (false). */
  function availability(seats: boolean) {
    return {
      ticket_availability: {
        ...eventbriteFixture<{ ticket_availability: Record<string, unknown> }>("series-parent")
          .ticket_availability,
        has_available_tickets: seats,
        is_sold_out: !seats,
      },
    };
  }

  const sync = (database: DB, now?: Date) => runEventbriteSync({ config, database, origin: ORIGIN, now });
  const send = (database: DB) => deliverDue({ smtpUrl: smtp.url, from: "info@laugh.example", database });
  const show = (database: DB, externalId: string) =>
    database.select().from(events).where(eq(events.externalId, externalId)).get()!;
  const date = (database: DB, eventId: number, day: string) =>
    database
      .select()
      .from(eventDates)
      .where(and(eq(eventDates.eventId, eventId), eq(eventDates.date, day)))
      .get()!;

  describe("the sync reopens what the platform sold out and tells the waitlist", () => {
    it("sold out → two sign-ups → the platform frees seats → sync → exactly two e-mails; a second sync sends nothing", async () => {
      const database = createDb();
      await sync(database);
      const sold = show(database, SOLD_OUT_SHOW);
      expect(sold).toMatchObject({ soldOut: true, soldOutBy: "platform" });
      joinWaitlist({ eventId: sold.id, date: sold.date, email: "ann@example.com" }, database);
      joinWaitlist({ eventId: sold.id, date: sold.date, email: "bo@example.com" }, database);
      // Still sold out on the platform: nothing changes, nobody is told.
      const still = await sync(database);
      expect(still.ok && still.counts).toMatchObject({ reopened: 0, waitlistQueued: 0 });
      expect(await send(database)).toBe(0);

      await patchEventbriteFakeEvent(fake.url, SOLD_OUT_SHOW, availability(true));
      const freed = await sync(database);
      expect(freed.ok && freed.counts).toMatchObject({ reopened: 1, waitlistQueued: 2 });
      expect(freed.message).toContain("2 waiting people are being e-mailed");
      expect(show(database, SOLD_OUT_SHOW)).toMatchObject({ soldOut: false, soldOutBy: null });
      expect(await send(database)).toBe(2);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["ann@example.com", "bo@example.com"]);
      const raw = readable(smtp.received[0].raw);
      expect(raw).toContain(sold.ticketUrl!);
      expect(raw).toContain(`List-Unsubscribe: <${ORIGIN}/unsubscribe/`);

      const again = await sync(database);
      expect(again.ok && again.counts).toMatchObject({ reopened: 0, waitlistQueued: 0 });
      expect(await send(database)).toBe(0);
      expect(smtp.received).toHaveLength(2);
      expect(database.select().from(outbox).all()).toHaveLength(2);
    });

    it("sells out and frees up again within the day: reopened, but nobody is e-mailed twice", async () => {
      const database = createDb();
      await sync(database);
      const sold = show(database, SOLD_OUT_SHOW);
      joinWaitlist({ eventId: sold.id, date: sold.date, email: "ann@example.com" }, database);
      await patchEventbriteFakeEvent(fake.url, SOLD_OUT_SHOW, availability(true));
      await sync(database);
      await patchEventbriteFakeEvent(fake.url, SOLD_OUT_SHOW, availability(false));
      await sync(database);
      expect(show(database, SOLD_OUT_SHOW).soldOut).toBe(true);
      await patchEventbriteFakeEvent(fake.url, SOLD_OUT_SHOW, availability(true));
      const second = await sync(database);
      expect(second.ok && second.counts).toMatchObject({ reopened: 1, waitlistQueued: 0 });
      expect(database.select().from(outbox).all()).toHaveLength(1);
      // A day later the same flip tells them again.
      await patchEventbriteFakeEvent(fake.url, SOLD_OUT_SHOW, availability(false));
      await sync(database);
      await patchEventbriteFakeEvent(fake.url, SOLD_OUT_SHOW, availability(true));
      const nextDay = await sync(database, new Date(Date.now() + 25 * 60 * 60 * 1000));
      expect(nextDay.ok && nextDay.counts.waitlistQueued).toBe(1);
    });

    it("one sold-out date of a series: only that date's list is told when the platform frees it", async () => {
      const database = createDb();
      await sync(database);
      const series = show(database, SERIES);
      expect(series.soldOut).toBe(false);
      expect(date(database, series.id, SOLD_OUT_DATE)).toMatchObject({
        soldOut: true,
        soldOutBy: "platform",
      });
      joinWaitlist({ eventId: series.id, date: SOLD_OUT_DATE, email: "cy@example.com" }, database);
      joinWaitlist({ eventId: series.id, date: SOLD_OUT_DATE, email: "di@example.com" }, database);
      // Someone waits for another date (signed up while it was sold out): not told by this change.
      joinWaitlist({ eventId: series.id, date: "2031-09-16", email: "ed@example.com" }, database);

      await patchEventbriteFakeEvent(fake.url, OCCURRENCE[SOLD_OUT_DATE], availability(true));
      const freed = await sync(database);
      expect(freed.ok && freed.counts).toMatchObject({ reopened: 1, waitlistQueued: 2 });
      expect(date(database, series.id, SOLD_OUT_DATE)).toMatchObject({ soldOut: false, soldOutBy: null });
      expect(await send(database)).toBe(2);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["cy@example.com", "di@example.com"]);
      expect(readable(smtp.received[0].raw)).toContain(`?date=${SOLD_OUT_DATE}`);

      const again = await sync(database);
      expect(again.ok && again.counts).toMatchObject({ reopened: 0, waitlistQueued: 0 });
      expect(await send(database)).toBe(0);
      expect(smtp.received).toHaveLength(2);
    });

    it("a whole series sold out reopens when one date frees up: that date's list is told, the others wait", async () => {
      const database = createDb();
      for (const id of Object.values(OCCURRENCE))
        await patchEventbriteFakeEvent(fake.url, id, availability(false));
      await sync(database);
      const series = show(database, SERIES);
      expect(series).toMatchObject({ soldOut: true, soldOutBy: "platform" });
      joinWaitlist({ eventId: series.id, date: "2031-09-02", email: "fay@example.com" }, database);
      joinWaitlist({ eventId: series.id, date: "2031-09-16", email: "gus@example.com" }, database);

      await patchEventbriteFakeEvent(fake.url, OCCURRENCE["2031-09-02"], availability(true));
      const freed = await sync(database);
      expect(freed.ok && freed.counts).toMatchObject({ reopened: 1, waitlistQueued: 1 });
      expect(show(database, SERIES).soldOut).toBe(false);
      expect(date(database, series.id, "2031-09-16").soldOut).toBe(true);
      expect(
        database
          .select()
          .from(outbox)
          .all()
          .map((m) => m.toAddress),
      ).toEqual(["fay@example.com"]);
    });

    it("a staff-edited series still follows the platform's sold-out dates", async () => {
      const database = createDb();
      await sync(database);
      const series = show(database, SERIES);
      database
        .update(events)
        .set({ staffEditedAt: new Date(), title: "Staff's title" })
        .where(eq(events.id, series.id))
        .run();
      joinWaitlist({ eventId: series.id, date: SOLD_OUT_DATE, email: "cy@example.com" }, database);
      await patchEventbriteFakeEvent(fake.url, OCCURRENCE[SOLD_OUT_DATE], availability(true));
      const freed = await sync(database);
      expect(freed.ok && freed.counts).toMatchObject({ keptStaffEdits: 1, reopened: 1, waitlistQueued: 1 });
      expect(show(database, SERIES).title).toBe("Staff's title");
      expect(date(database, series.id, SOLD_OUT_DATE).soldOut).toBe(false);
    });
  });

  describe("what staff marked sold out stays sold out", () => {
    it("a show staff marked sold out is not reopened by the sync, and nobody is told", async () => {
      const database = createDb();
      await sync(database);
      const open = show(database, "9100000001");
      expect(setSoldOut(open.id, true, STAFF, database, { origin: ORIGIN, today: "2000-01-01" })).toBe("ok");
      joinWaitlist({ eventId: open.id, date: open.date, email: "ann@example.com" }, database);
      const after = await sync(database);
      expect(after.ok && after.counts).toMatchObject({ reopened: 0, waitlistQueued: 0 });
      expect(show(database, "9100000001")).toMatchObject({ soldOut: true, soldOutBy: "staff" });
      // The platform sold it out, then staff held it sold out: still staff's when seats come back.
      await patchEventbriteFakeEvent(fake.url, SOLD_OUT_SHOW, availability(true));
      const sold = show(database, SOLD_OUT_SHOW);
      setSoldOut(sold.id, false, STAFF, database);
      setSoldOut(sold.id, true, STAFF, database);
      await sync(database);
      expect(show(database, SOLD_OUT_SHOW)).toMatchObject({ soldOut: true, soldOutBy: "staff" });
      expect(database.select().from(outbox).all()).toHaveLength(0);
    });

    it("a series date staff marked sold out stays sold out through syncs", async () => {
      const database = createDb();
      await sync(database);
      const series = show(database, SERIES);
      setDateSoldOut(
        { eventId: series.id, date: "2031-09-16", soldOut: true, origin: ORIGIN, today: "2000-01-01" },
        STAFF,
        database,
      );
      await sync(database);
      expect(date(database, series.id, "2031-09-16")).toMatchObject({ soldOut: true, soldOutBy: "staff" });
    });
  });

  describe("one transaction", () => {
    it("when the waitlist e-mails cannot be queued, the show is not reopened either (the next sync tells them)", async () => {
      const database = createDb();
      await sync(database);
      const sold = show(database, SOLD_OUT_SHOW);
      joinWaitlist({ eventId: sold.id, date: sold.date, email: "ann@example.com" }, database);
      await patchEventbriteFakeEvent(fake.url, SOLD_OUT_SHOW, availability(true));
      // The outbox write fails inside the sync's transaction.
      database.$client.exec(
        "CREATE TRIGGER outbox_broken BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END;",
      );
      const failed = await sync(database);
      expect(failed.ok).toBe(false);
      expect(show(database, SOLD_OUT_SHOW)).toMatchObject({ soldOut: true, soldOutBy: "platform" });
      expect(database.select().from(waitlistEntries).get()!.notifiedAt).toBeNull();
      database.$client.exec("DROP TRIGGER outbox_broken;");
      const retried = await sync(database);
      expect(retried.ok && retried.counts).toMatchObject({ reopened: 1, waitlistQueued: 1 });
    });
  });
});
