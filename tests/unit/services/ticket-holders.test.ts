/**
 * Ticket holders, minimally (issue 41): what is kept of the platform's attendees (a keyed hash of
 * the canonical e-mail, check-in, affiliate code, order id), for which performances, for how
 * long, and the comics' draw counts, against the fake platform.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  affiliateSales,
  comedians,
  eventComedians,
  events,
  ticketHolders,
  venues,
  votingRounds,
} from "~/db/schema";
import { affiliateTotals, holderRows, holdersKeptFrom, ticketHoldersPrivacyText } from "~/lib/attendees";
import { addDaysIso } from "~/lib/dates";
import { eventbriteAttendeesPageSchema, type EventbriteAttendee } from "~/lib/eventbrite-schemas";
import { attendeeTargets, checkIns, holdsTicket } from "~/models/ticket-holders.server";
import { runEventbriteSync } from "~/services/eventbrite-sync.server";
import { deleteExpiredHolders, refreshAllAttendees } from "~/services/ticket-holders.server";
import { resetEnvCache } from "~/utils/env.server";
import { ticketHolderHash } from "~/utils/ticket-holder-hash.server";
import { eventbriteFixture, startFakeEventbrite, type FakeEventbrite } from "../../fakes/eventbrite";
import { createTestDb } from "../../support/db";

const captured = () =>
  eventbriteAttendeesPageSchema.parse(eventbriteFixture("attendees")).attendees[0] as EventbriteAttendee;
const attendee = (over: Partial<EventbriteAttendee>): EventbriteAttendee => ({ ...captured(), ...over });

describe("what is kept of an attendee", () => {
  it("the captured attendee parses to the few fields kept; the name never leaves the parser", () => {
    const a = captured();
    expect(a).toEqual({
      id: "800000001",
      order_id: "900000001",
      event_id: "9100000001",
      profile: { email: "robin@example.com" },
      checked_in: false,
      cancelled: false,
      refunded: false,
      affiliate: "oddtdteb",
      status: "Attending",
    });
    const [row] = holderRows([a], (email) => `hash(${email})`);
    expect(row).toEqual({
      attendeeId: "800000001",
      orderId: "900000001",
      emailHash: "hash(robin@example.com)",
      checkedIn: false,
      affiliate: "oddtdteb",
    });
    expect(JSON.stringify(row)).not.toContain("Robin");
  });

  it("a cancelled, refunded or not-attending ticket is no holder and counts in no draw", () => {
    const list = [
      attendee({ id: "1" }),
      attendee({ id: "2", cancelled: true }),
      attendee({ id: "3", refunded: true }),
      attendee({ id: "4", status: "Not Attending" }),
      attendee({ id: "5", checked_in: true, affiliate: " lw-comic-7 " }),
      attendee({ id: "6", affiliate: "" }),
    ];
    expect(holderRows(list, (e) => e).map((r) => r.attendeeId)).toEqual(["1", "5", "6"]);
    expect(affiliateTotals(list)).toEqual([
      { affiliate: "lw-comic-7", tickets: 1, checkedIn: 1 },
      { affiliate: "oddtdteb", tickets: 1, checkedIn: 0 },
    ]);
  });

  it("hashes the canonical e-mail with a key: the vote's own spelling variants match, the address is not in it", () => {
    resetEnvCache();
    const a = ticketHolderHash("Robin.Example+show@GMail.com");
    expect(a).toBe(ticketHolderHash("robinexample@gmail.com"));
    expect(a).not.toBe(ticketHolderHash("robin.example@outlook.com"));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    process.env.SESSION_SECRET = "another-session-secret-0123456789";
    resetEnvCache();
    expect(ticketHolderHash("robinexample@gmail.com")).not.toBe(a);
    delete process.env.SESSION_SECRET;
    resetEnvCache();
  });

  it("keeps a performance's holders for the set number of days after it, and the privacy text says so", () => {
    expect(holdersKeptFrom("2026-12-31", 30)).toBe("2026-12-01");
    expect(ticketHoldersPrivacyText(30)).toMatch(/deleted 30 days after the show/);
    expect(ticketHoldersPrivacyText(30)).toMatch(
      /keyed hash of the e-mail address \(never the address itself\)/,
    );
  });
});

describe("reading the attendees the box office needs", () => {
  let fake: FakeEventbrite;
  let database: ReturnType<typeof createTestDb>;
  const id = (externalId: string) =>
    database.select({ id: events.id }).from(events).where(eq(events.externalId, externalId)).get()!.id;

  beforeAll(async () => {
    process.env.ALLOW_PRIVATE_FETCH = "true";
    resetEnvCache();
    fake = await startFakeEventbrite();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    await fetch(new URL("/__reset", fake.url), { method: "POST" });
    database = createTestDb();
    expect((await runEventbriteSync({ config: fake.config(), database })).ok).toBe(true);
  });

  it("holders for a show with a round, counts only for a show with a line-up, nothing for the rest", async () => {
    const headliner = id("9100000001");
    const brewery = id("9100000005");
    database.insert(votingRounds).values({ title: "Round", eventId: headliner }).run();
    const comic = database.insert(comedians).values({ name: "Ada", slug: "ada" }).returning().get();
    database
      .insert(eventComedians)
      .values({ eventId: brewery, comedianId: comic.id, role: "headliner" })
      .run();
    await fake.order({
      eventId: "9100000001",
      quantity: 2,
      email: "Fan.One@example.com",
      affiliate: "lw-comic-1",
    });
    await fake.order({
      eventId: "9100000005",
      quantity: 3,
      email: "fan.two@example.com",
      affiliate: `lw-comic-${comic.id}`,
    });
    await fake.order({ eventId: "9100000004", quantity: 1, email: "nobody@example.com" });

    const result = await refreshAllAttendees({ config: fake.config(), database });
    expect(result).toMatchObject({ failed: 0 });
    const holders = database.select().from(ticketHolders).all();
    expect(holders).toHaveLength(2);
    expect(holders.every((h) => h.eventId === headliner && h.affiliate === "lw-comic-1")).toBe(true);
    expect(JSON.stringify(holders)).not.toMatch(/fan\.one|example\.com/i);
    const date = database.select().from(events).where(eq(events.id, headliner)).get()!.date;
    expect(
      holdsTicket({ eventId: headliner, date, emailHash: ticketHolderHash("fan.one@example.com") }, database),
    ).toBe(true);
    expect(
      holdsTicket({ eventId: headliner, date, emailHash: ticketHolderHash("fan.two@example.com") }, database),
    ).toBe(false);
    // The line-up's show: its draw counted, nobody kept.
    expect(
      database.select().from(affiliateSales).where(eq(affiliateSales.eventId, brewery)).all(),
    ).toMatchObject([{ affiliate: `lw-comic-${comic.id}`, tickets: 3, checkedIn: 0 }]);
    // The show without a round, a report or a line-up was never read.
    expect(fake.requests.some((r) => r.path.startsWith("/events/9100000004/attendees/"))).toBe(false);
  });

  it("a venue with partner-report recipients keeps its shows' holders", async () => {
    const venueId = database
      .select({ venueId: events.venueId })
      .from(events)
      .where(eq(events.externalId, "9100000001"))
      .get()!.venueId!;
    database
      .update(venues)
      .set({ reportRecipients: "partner@example.com" })
      .where(eq(venues.id, venueId))
      .run();
    const targets = attendeeTargets("2000-01-01", "2100-01-01", database);
    expect(
      targets
        .filter((t) => t.keepHolders)
        .map((t) => t.platformEventId)
        .sort(),
    ).toEqual(expect.arrayContaining(["9100000001", "9100000002"]));
  });

  it("a read replaces the previous one: a refund leaves, a check-in is kept", async () => {
    const headliner = id("9100000001");
    database.insert(votingRounds).values({ title: "Round", eventId: headliner }).run();
    const order = await fake.order({ eventId: "9100000001", quantity: 2 });
    await refreshAllAttendees({ config: fake.config(), database });
    expect(database.select().from(ticketHolders).all()).toHaveLength(2);
    await fetch(new URL("/__checkin", fake.url), {
      method: "POST",
      body: JSON.stringify({ attendeeId: order.attendeeIds[0] }),
    });
    await refreshAllAttendees({ config: fake.config(), database });
    expect(
      database
        .select()
        .from(ticketHolders)
        .all()
        .map((h) => h.checkedIn)
        .sort(),
    ).toEqual([false, true]);
  });

  it("late check-ins: an archived show's attendees are still read for three weeks after it (within the retention), then no more", async () => {
    const headliner = id("9100000001");
    database.insert(votingRounds).values({ title: "Round", eventId: headliner }).run();
    const order = await fake.order({ eventId: "9100000001", quantity: 2 });
    const date = database.select().from(events).where(eq(events.id, headliner)).get()!.date;
    const dayAfter = (days: number) => new Date(`${addDaysIso(date, days)}T16:00:00Z`);
    await refreshAllAttendees({ config: fake.config(), database, now: dayAfter(0) });
    // The morning after, the dashboard archives the show; the door's scans reach the platform later.
    database
      .update(events)
      .set({ archivedAt: dayAfter(1) })
      .where(eq(events.id, headliner))
      .run();
    const checkIn = (attendeeId: string) =>
      fetch(new URL("/__checkin", fake.url), { method: "POST", body: JSON.stringify({ attendeeId }) });
    await checkIn(order.attendeeIds[0]);
    await refreshAllAttendees({ config: fake.config(), database, now: dayAfter(2) });
    expect(checkIns([headliner], database).get(`${headliner}:${date}`)).toBe(1);
    // Bounded: 22 days after, the show is not read again (its holders are kept until day 30).
    await checkIn(order.attendeeIds[1]);
    await refreshAllAttendees({ config: fake.config(), database, now: dayAfter(22) });
    expect(checkIns([headliner], database).get(`${headliner}:${date}`)).toBe(1);
  });

  it("deletes holders the set number of days after their show, not a day before", () => {
    const show = id("9100000001");
    const row = (date: string, attendeeId: string) =>
      database
        .insert(ticketHolders)
        .values({ eventId: show, date, attendeeId, orderId: "1", emailHash: "h", checkedIn: false })
        .run();
    row("2026-11-01", "a"); // 30 days before 2026-12-01: kept
    row("2026-10-31", "b"); // 31 days: deleted
    expect(deleteExpiredHolders("2026-12-01", database)).toBe(1);
    expect(database.select({ id: ticketHolders.attendeeId }).from(ticketHolders).all()).toEqual([
      { id: "a" },
    ]);
  });
});
