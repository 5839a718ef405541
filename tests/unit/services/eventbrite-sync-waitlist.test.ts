/**
 * Issue 18: the ticketing sync tells the waitlist. Against the fake platform
 * (tests/fakes/eventbrite.ts, real-shaped fixtures) and the fake SMTP server: a show or a
 * series date the platform had sold out and has seats for again is reopened and its
 * waitlist e-mailed, in the sync's own transaction, once per person per day; what staff
 * marked sold out by hand stays sold out.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventDates, events, outbox, staffUsers, waitlistEntries } from "~/db/schema";
import { setSoldOut } from "~/models/events-admin.server";
import { setDateSoldOut } from "~/models/waitlist.server";
import type { EventbriteConfig } from "~/services/eventbrite-client.server";
import { runEventbriteSync } from "~/services/eventbrite-sync.server";
import { deliverDue } from "~/services/outbox-sender.server";
import type { DB } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import {
  eventbriteFixture,
  patchEventbriteFakeEvent,
  startFakeEventbrite,
  type FakeEventbrite,
} from "../../fakes/eventbrite";
import { startFakeSmtp } from "../../fakes/smtp";
import { createTestDb } from "../../support/db";
import { readableMail as readable } from "../../support/mail";
import { joinWaitlist } from "../../support/mail-lists";

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
    expect(date(database, series.id, SOLD_OUT_DATE)).toMatchObject({ soldOut: true, soldOutBy: "platform" });
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
