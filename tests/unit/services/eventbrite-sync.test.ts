import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, eventDates, events, staffUsers } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { getSyncStatus, resetStaffEdits } from "~/models/sync.server";
import type { EventbriteConfig } from "~/services/eventbrite-client.server";
import { runEventbriteSync } from "~/services/eventbrite-sync.server";
import { resetEnvCache } from "~/utils/env.server";
import { FIXTURE_PUBLIC_IDS, startFakeEventbrite, type FakeEventbrite } from "../../fakes/eventbrite";
import { createTestDb } from "../../support/db";

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
