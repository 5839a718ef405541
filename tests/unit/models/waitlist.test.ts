/**
 * The waitlist and the mail outbox against a migrated database and the fake SMTP server:
 * who is e-mailed when seats free up, and that each message arrives exactly once through
 * SMTP outages and a sender that died holding its claim.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { events, outbox, waitlistEntries } from "~/db/schema";
import { setSoldOut } from "~/models/events-admin.server";
import { unsubscribeListEntry } from "~/models/mail-lists.server";
import { claimDue } from "~/models/outbox.server";
import { deleteExpiredWaitlist, queueWaitlistNotices, setDateSoldOut } from "~/models/waitlist.server";
import { deliverDue, startOutboxSender } from "~/services/outbox-sender.server";
import type { DB } from "~/utils/db.server";
import { startFakeSmtp } from "../../fakes/smtp";
import { createTestDbWithStaff } from "../../support/db";
import { joinWaitlist } from "../../support/mail-lists";
import { insertShow } from "../../support/shows";

const ORIGIN = "https://laugh.example";
const TODAY = "2026-11-20";
const mail = { origin: ORIGIN, today: TODAY };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function smtp(options: Parameters<typeof startFakeSmtp>[0] = {}) {
  const server = await startFakeSmtp(options);
  closers.push(server.close);
  return server;
}

function setup() {
  const { db, staff } = createTestDbWithStaff();
  const show = insertShow(db, {
    title: "Friday Night Laughs",
    date: "2026-11-27",
    time: "20:00",
    ticketUrl: "https://tickets.example/fnl",
    soldOut: true,
  });
  return { db, staff, show };
}

const send = (db: DB, url: string, now?: () => Date) =>
  deliverDue(
    { smtpUrl: url, from: "info@laugh.example", retryBaseMs: 1000, leaseMs: 60_000, database: db },
    undefined,
    now,
  );

describe("the waitlist", () => {
  it("sold out → two sign-ups → available → exactly two e-mails, with the ticket link and one-click unsubscribe", async () => {
    const { db, staff, show } = setup();
    const fake = await smtp();
    expect(joinWaitlist({ eventId: show.id, date: show.date, email: "Ann@Example.com" }, db).created).toBe(
      true,
    );
    expect(joinWaitlist({ eventId: show.id, date: show.date, email: "bo@example.com" }, db).created).toBe(
      true,
    );
    expect(joinWaitlist({ eventId: show.id, date: show.date, email: "ann@example.com " }, db).created).toBe(
      false,
    );
    // Nothing happens while it stays sold out.
    expect(setSoldOut(show.id, true, staff, db, mail)).toBe("ok");
    expect(await send(db, fake.url)).toBe(0);

    expect(setSoldOut(show.id, false, staff, db, mail)).toBe("ok");
    expect(await send(db, fake.url)).toBe(2);
    expect(await send(db, fake.url)).toBe(0);
    expect(fake.received.map((m) => m.to[0]).sort()).toEqual(["ann@example.com", "bo@example.com"]);
    // Unfold folded header lines (RFC 5322) before reading them.
    const raw = fake.received[0].raw.replace(/\r\n[ \t]+/g, " ");
    expect(raw).toContain("https://tickets.example/fnl");
    const token = db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, fake.received[0].to[0]))
      .get()!.token;
    expect(raw).toContain(`List-Unsubscribe: <${ORIGIN}/unsubscribe/${token}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("a show flipping back and forth does not e-mail anyone twice within a day", async () => {
    const { db, staff, show } = setup();
    joinWaitlist({ eventId: show.id, date: show.date, email: "ann@example.com" }, db);
    setSoldOut(show.id, false, staff, db, mail);
    setSoldOut(show.id, true, staff, db, mail);
    setSoldOut(show.id, false, staff, db, mail);
    expect(db.select().from(outbox).all()).toHaveLength(1);
    // A day later it sold out and freed up again: told again.
    db.update(events).set({ soldOut: false }).run();
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect(queueWaitlistNotices({ eventId: show.id, ...mail, now: tomorrow }, db)).toBe(1);
    expect(db.select().from(outbox).all()).toHaveLength(2);
  });

  it("one sold-out date of a recurring show: only that date's list is told when it frees up", () => {
    const { db, staff } = setup();
    const series = insertShow(
      db,
      { title: "Open Mic", date: "2026-11-23", time: "20:00", ticketUrl: "https://tickets.example/om" },
      [{ date: "2026-11-23" }, { date: "2026-11-30", soldOut: true }],
    );
    joinWaitlist({ eventId: series.id, date: "2026-11-30", email: "cy@example.com" }, db);
    joinWaitlist({ eventId: series.id, date: "2026-12-07", email: "di@example.com" }, db);
    expect(
      setDateSoldOut({ eventId: series.id, date: "2026-11-30", soldOut: false, ...mail }, staff, db),
    ).toEqual({ outcome: "ok", queued: 1 });
    expect(
      db
        .select()
        .from(outbox)
        .all()
        .map((m) => m.toAddress),
    ).toEqual(["cy@example.com"]);
    expect(
      setDateSoldOut({ eventId: series.id, date: "2026-12-25", soldOut: false, ...mail }, staff, db).outcome,
    ).toBe("not-found");
  });

  it("leaving deletes the address; lists of past shows are deleted", () => {
    const { db, show } = setup();
    joinWaitlist({ eventId: show.id, date: show.date, email: "ann@example.com" }, db);
    joinWaitlist({ eventId: show.id, date: "2026-11-19", email: "old@example.com" }, db);
    const token = db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "ann@example.com")).get()!
      .token;
    expect(unsubscribeListEntry(token, undefined, db)).toBe("left");
    expect(unsubscribeListEntry(token, undefined, db)).toBe("not-on-list");
    expect(deleteExpiredWaitlist(TODAY, db)).toBe(1);
    expect(db.select().from(waitlistEntries).all()).toHaveLength(0);
  });
});

describe("the outbox sender", () => {
  it("SMTP down → the outbox keeps the message → SMTP back → delivered once", async () => {
    const { db, staff, show } = setup();
    const down = await startFakeSmtp();
    const port = down.port;
    await down.close();
    joinWaitlist({ eventId: show.id, date: show.date, email: "ann@example.com" }, db);
    setSoldOut(show.id, false, staff, db, mail);
    const url = `smtp://127.0.0.1:${port}`;
    expect(await send(db, url)).toBe(0);
    const kept = db.select().from(outbox).get()!;
    expect(kept).toMatchObject({ status: "pending", attempts: 1 });
    expect(kept.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Still down on the retry: tried again later (backoff doubles).
    const back = await smtp({ port });
    expect(await send(db, url)).toBe(0); // not due yet
    const later = () => new Date(Date.now() + 5_000);
    expect(await send(db, url, later)).toBe(1);
    expect(await send(db, url, later)).toBe(0);
    expect(back.received).toHaveLength(1);
    expect(db.select().from(outbox).get()).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a sender that died holding its claim: the message is delivered once, after the lease", async () => {
    const { db, staff, show } = setup();
    const fake = await smtp();
    joinWaitlist({ eventId: show.id, date: show.date, email: "ann@example.com" }, db);
    setSoldOut(show.id, false, staff, db, mail);
    // The dead sender claimed it (committed) and never sent it.
    expect(claimDue(new Date(), 60_000, 10, db)).toHaveLength(1);
    expect(await send(db, fake.url)).toBe(0);
    expect(fake.received).toHaveLength(0);
    const afterLease = () => new Date(Date.now() + 61_000);
    expect(await send(db, fake.url, afterLease)).toBe(1);
    expect(await send(db, fake.url, afterLease)).toBe(0);
    expect(fake.received).toHaveLength(1);
  });
});

describe("the sender's graceful shutdown (SIGTERM/SIGINT)", () => {
  const waitFor = async (check: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it("stop() during a send: the send finishes and is recorded as sent, nothing new starts, the rest is handed back", async () => {
    const { db, staff, show } = setup();
    // The server keeps each message when it arrives and answers "250 OK" 800 ms later.
    const slow = await smtp({ mode: "slow", delayMs: 800 });
    joinWaitlist({ eventId: show.id, date: show.date, email: "ann@example.com" }, db);
    joinWaitlist({ eventId: show.id, date: show.date, email: "bo@example.com" }, db);
    setSoldOut(show.id, false, staff, db, mail);
    const sender = startOutboxSender({
      smtpUrl: slow.url,
      from: "info@laugh.example",
      database: db,
      pollMs: 60_000,
      leaseMs: 60_000,
    });
    await waitFor(() => slow.received.length === 1);
    // The first message is on the server, its answer still to come: the shutdown signal now.
    expect(await sender.stop()).toBe(true);
    const rows = db.select().from(outbox).orderBy(outbox.id).all();
    expect(rows[0]).toMatchObject({ status: "sent", leaseUntil: null });
    // The second was claimed with the first but never started: due again at once, not counted as a try.
    expect(rows[1]).toMatchObject({ status: "pending", leaseUntil: null, attempts: 0 });
    expect(slow.received).toHaveLength(1);

    // After the restart: the second is delivered, the first is not sent again.
    expect(await send(db, slow.url)).toBe(1);
    expect(slow.received.map((m) => m.to[0])).toEqual([rows[0].toAddress, rows[1].toAddress]);
    expect(
      db
        .select()
        .from(outbox)
        .all()
        .every((m) => m.status === "sent"),
    ).toBe(true);
  });

  it("the wait is bounded: a server that never answers does not hold the shutdown past the grace time", async () => {
    const { db, staff, show } = setup();
    const stuck = await smtp({ mode: "hang" });
    joinWaitlist({ eventId: show.id, date: show.date, email: "ann@example.com" }, db);
    setSoldOut(show.id, false, staff, db, mail);
    const sender = startOutboxSender({
      smtpUrl: stuck.url,
      from: "info@laugh.example",
      database: db,
      pollMs: 60_000,
      leaseMs: 60_000,
    });
    await waitFor(() => db.select().from(outbox).get()!.leaseUntil !== null);
    const started = Date.now();
    expect(await sender.stop(300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Not known to be delivered: the claim stays, so it is sent after the lease (at least once).
    expect(db.select().from(outbox).get()).toMatchObject({ status: "pending" });
  });
});
