/**
 * Issue 39, items 2-4: the waitlist cannot be aimed at an inbox, consent is on record, every
 * promotional e-mail names its sender and can be left in one click. Before: 55 sign-ups with
 * variants of one Gmail address from 5 addresses made 50 rows and, when the show freed up, 50
 * e-mails to that one inbox; newsletter sign-ups kept only an address and a source.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { newsletterSignups, outbox, waitlistEntries } from "~/db/schema";
import { canonicalEmail } from "~/lib/canonical-email";
import { CONFIRMATIONS_PER_DAY, CURRENT_CONSENT } from "~/lib/consent";
import { consentsCsv } from "~/lib/consents-csv";
import { setSoldOut } from "~/models/events-admin.server";
import {
  confirmListEntry,
  consentRecords,
  deleteExpiredSignups,
  findListEntry,
  requestNewsletterSignup,
  unsubscribeListEntry,
} from "~/models/mail-lists.server";
import { enqueueMail } from "~/models/outbox.server";
import { requestWaitlist, sendPendingNotices } from "~/models/waitlist.server";
import { openDatabase, runMigrations, type DB } from "~/utils/db.server";
import { createTestDbWithStaff } from "../../support/db";
import { insertShow } from "../../support/shows";

const ORIGIN = "https://laugh.example";
const TODAY = "2026-11-20";
const NOW = new Date("2026-11-20T15:00:00Z");
const consent = (list: "newsletter" | "waitlist") => ({
  version: CURRENT_CONSENT[list],
  source: list === "newsletter" ? "/merch" : "/event/1/waitlist",
  ipHash: "0123456789abcdef0123456789abcdef",
});

function setup() {
  const { db, staff } = createTestDbWithStaff();
  const show = insertShow(db, {
    title: "Friday Night Laughs",
    date: "2026-11-27",
    time: "20:00",
    soldOut: true,
  });
  return { db, staff, show };
}

function join(db: DB, show: { id: number; date: string }, email: string, now = NOW) {
  return requestWaitlist(
    {
      eventId: show.id,
      date: show.date,
      title: "Friday Night Laughs",
      email,
      emailKey: canonicalEmail(email),
      consent: consent("waitlist"),
      origin: ORIGIN,
      today: TODAY,
      now,
    },
    db,
  );
}

const mails = (db: DB, kind: string) => db.select().from(outbox).where(eq(outbox.kind, kind)).all();
const tokenOf = (db: DB, email: string) =>
  db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.emailKey, canonicalEmail(email)))
    .get()!.token;

describe("the waitlist cannot be aimed at an inbox", () => {
  it("55 spellings of one Gmail mailbox: one row, at most 3 confirmation e-mails, no notice when the show frees up", () => {
    const { db, staff, show } = setup();
    const spellings = Array.from({ length: 55 }, (_, i) => {
      const dots = "victim".split("").join(i % 2 ? "." : "");
      return `${dots}+t${i}@${i % 3 ? "gmail.com" : "googlemail.com"}`;
    });
    const outcomes = spellings.map((email) => join(db, show, email));
    expect(db.select().from(waitlistEntries).all()).toHaveLength(1);
    expect(outcomes.filter((o) => o === "confirmation-sent")).toHaveLength(CONFIRMATIONS_PER_DAY);
    expect(mails(db, "confirmation")).toHaveLength(CONFIRMATIONS_PER_DAY);
    // Nobody confirmed: freeing the show e-mails nobody.
    expect(setSoldOut(show.id, false, staff, db, { origin: ORIGIN, today: TODAY })).toBe("ok");
    expect(mails(db, "waitlist")).toHaveLength(0);
  });

  it("a confirmed address is told once; the same mailbox on another show that frees up the same day waits a day", () => {
    const { db, staff, show } = setup();
    const other = insertShow(db, { title: "Late Show", date: "2026-11-28", time: "22:00", soldOut: true });
    join(db, show, "fan@example.com");
    requestWaitlist(
      {
        eventId: other.id,
        date: other.date,
        title: "Late Show",
        email: "FAN@example.com",
        emailKey: canonicalEmail("FAN@example.com"),
        consent: consent("waitlist"),
        origin: ORIGIN,
        today: TODAY,
        now: NOW,
      },
      db,
    );
    for (const row of db.select().from(waitlistEntries).all())
      expect(confirmListEntry(row.token, NOW, db)).toBe("confirmed");
    setSoldOut(show.id, false, staff, db, { origin: ORIGIN, today: TODAY });
    setSoldOut(other.id, false, staff, db, { origin: ORIGIN, today: TODAY });
    expect(mails(db, "waitlist").map((m) => m.subject)).toEqual([
      expect.stringContaining("Friday Night Laughs"),
    ]);
    const held = db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, other.id)).get()!;
    expect(held.noticePending).toBe(true);
    // The hourly job: nothing within the day, the held e-mail once the day is over.
    expect(sendPendingNotices({ origin: ORIGIN, today: TODAY, now: new Date(Date.now() + 60_000) }, db)).toBe(
      0,
    );
    expect(
      sendPendingNotices({ origin: ORIGIN, today: TODAY, now: new Date(Date.now() + 24 * 3600_000 + 1) }, db),
    ).toBe(1);
    expect(mails(db, "waitlist").map((m) => m.subject)).toEqual([
      expect.stringContaining("Friday Night Laughs"),
      expect.stringContaining("Late Show"),
    ]);
    expect(
      db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, other.id)).get()!.noticePending,
    ).toBe(false);
  });

  it("an unconfirmed sign-up expires after 48 hours and cannot be confirmed then", () => {
    const { db, show } = setup();
    join(db, show, "late@example.com");
    const token = tokenOf(db, "late@example.com");
    const later = new Date(NOW.getTime() + 48 * 3600_000 + 1);
    expect(confirmListEntry(token, later, db)).toBe("expired");
    expect(deleteExpiredSignups(new Date(NOW.getTime() + 47 * 3600_000), db)).toBe(0);
    expect(deleteExpiredSignups(later, db)).toBe(1);
    expect(findListEntry(token, db)).toBeNull();
    expect(confirmListEntry(token, later, db)).toBe("not-found");
  });

  it("a confirmed sign-up is not asked again, and the confirmation link is idempotent", () => {
    const { db, show } = setup();
    expect(join(db, show, "ann@example.com")).toBe("confirmation-sent");
    const token = tokenOf(db, "ann@example.com");
    expect(confirmListEntry(token, NOW, db)).toBe("confirmed");
    expect(confirmListEntry(token, NOW, db)).toBe("already-confirmed");
    expect(join(db, show, "a.n.n@example.com")).toBe("confirmation-sent"); // another mailbox elsewhere
    expect(join(db, show, "ANN@example.com")).toBe("already-confirmed");
    expect(mails(db, "confirmation")).toHaveLength(2);
  });
});

describe("promotional e-mail names its sender and can be left in one click", () => {
  it("every confirmation and notice carries the postal address, the unsubscribe link and RFC 8058 headers", () => {
    const { db, staff, show } = setup();
    join(db, show, "ann@example.com");
    const token = tokenOf(db, "ann@example.com");
    confirmListEntry(token, NOW, db);
    setSoldOut(show.id, false, staff, db, { origin: ORIGIN, today: TODAY });
    const sent = [...mails(db, "confirmation"), ...mails(db, "waitlist")];
    expect(sent).toHaveLength(2);
    for (const mail of sent) {
      expect(mail.body).toContain(`Laugh Windsor, `);
      expect(mail.body).toContain(`Unsubscribe (one click, no questions): ${ORIGIN}/unsubscribe/${token}`);
      expect(mail.headers).toMatchObject({
        "List-Unsubscribe": `<${ORIGIN}/unsubscribe/${token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
    expect(mails(db, "confirmation")[0].body).toContain(`${ORIGIN}/confirm/${token}`);
  });

  it("the outbox adds the configured sender to a promotional kind, and nothing to a promoter's notification", () => {
    const { db } = setup();
    const sender = {
      name: "Laugh Windsor",
      postalAddress: "123 Ouellette Ave, Windsor ON N9A 1A1",
      email: "info@x.ca",
    };
    enqueueMail(
      {
        kind: "waitlist",
        to: "a@b.ca",
        subject: "S",
        text: "Hello",
        unsubscribeUrl: `${ORIGIN}/unsubscribe/t`,
      },
      db,
      NOW,
      sender,
    );
    enqueueMail({ kind: "contact", to: "info@x.ca", subject: "S", text: "Hello" }, db, NOW, sender);
    const [promo, contact] = db.select().from(outbox).orderBy(outbox.id).all();
    expect(promo.body).toBe(
      `Hello\n--\nLaugh Windsor, 123 Ouellette Ave, Windsor ON N9A 1A1\nContact: info@x.ca\nUnsubscribe (one click, no questions): ${ORIGIN}/unsubscribe/t\n`,
    );
    expect(contact.body).toBe("Hello");
    expect(contact.headers).toBeNull();
  });

  it("unsubscribing is the same answer however often: a waitlist address is deleted, a newsletter one kept as unsubscribed", () => {
    const { db, show } = setup();
    join(db, show, "ann@example.com");
    const waiting = tokenOf(db, "ann@example.com");
    expect(unsubscribeListEntry(waiting, NOW, db)).toBe("left");
    expect(unsubscribeListEntry(waiting, NOW, db)).toBe("not-on-list");
    expect(db.select().from(waitlistEntries).all()).toHaveLength(0);

    const signup = {
      email: "fan@example.com",
      emailKey: "fan@example.com",
      consent: consent("newsletter"),
      origin: ORIGIN,
      today: TODAY,
      now: NOW,
    };
    expect(requestNewsletterSignup(signup, db)).toBe("confirmation-sent");
    const news = db.select().from(newsletterSignups).get()!;
    expect(confirmListEntry(news.token, NOW, db)).toBe("confirmed");
    expect(unsubscribeListEntry(news.token, NOW, db)).toBe("left");
    expect(unsubscribeListEntry(news.token, NOW, db)).toBe("not-on-list");
    expect(db.select().from(newsletterSignups).get()).toMatchObject({ unsubscribedAt: NOW });
    // Signing up again is a new consent, confirmed again.
    expect(requestNewsletterSignup({ ...signup, now: new Date(NOW.getTime() + 1000) }, db)).toBe(
      "confirmation-sent",
    );
    expect(db.select().from(newsletterSignups).get()).toMatchObject({
      unsubscribedAt: null,
      confirmedAt: null,
    });
  });
});

describe("consent on record", () => {
  it("each sign-up keeps the wording's version, the time, the page and the IP's keyed hash; staff export them", () => {
    const { db, show } = setup();
    join(db, show, "ann@example.com");
    requestNewsletterSignup(
      {
        email: "fan@example.com",
        emailKey: "fan@example.com",
        consent: consent("newsletter"),
        origin: ORIGIN,
        today: TODAY,
        now: NOW,
      },
      db,
    );
    const records = consentRecords(db);
    expect(records).toEqual([
      expect.objectContaining({
        list: "newsletter",
        email: "fan@example.com",
        consentVersion: "newsletter-2026-11",
        source: "/merch",
        givenAt: NOW,
        ipHash: consent("newsletter").ipHash,
      }),
      expect.objectContaining({
        list: "waitlist",
        email: "ann@example.com",
        consentVersion: "waitlist-2026-11",
        source: "/event/1/waitlist",
        detail: "Friday Night Laughs (2026-11-27)",
      }),
    ]);
    const csv = consentsCsv(
      records.map((r) => ({ ...r, givenAt: "2026-11-20 10:00", confirmedAt: "", unsubscribedAt: "" })),
    ).split("\n");
    expect(csv[0]).toBe(
      "List,Email,For,Consent given,Page,Wording version,Wording,IP (keyed hash),Confirmed,Unsubscribed",
    );
    expect(csv[1]).toContain("newsletter,fan@example.com,,2026-11-20 10:00,/merch,newsletter-2026-11,");
    expect(csv[1]).toContain("may e-mail me when merch is available");
  });

  it("the migration keeps the sign-ups made before consent records, marked as such, confirmed as of then", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-consent-migration-"));
    try {
      // The migrations up to the one before issue 39's.
      const folder = path.join(dir, "drizzle");
      fs.cpSync("drizzle", folder, { recursive: true });
      const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));
      const ours = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith("i39-consent"));
      journal.entries = journal.entries.slice(0, ours);
      fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
      const database = openDatabase(path.join(dir, "app.db"));
      migrate(database, { migrationsFolder: folder });
      const raw = database.$client;
      raw.prepare("insert into newsletter_signups (email, source) values ('old@example.com', 'merch')").run();
      raw
        .prepare(
          "insert into events (title, date, time, venue) values ('Old Show', '2099-01-01', '20:00', 'Hall')",
        )
        .run();
      raw
        .prepare(
          "insert into waitlist_entries (event_id, date, email, token, ip_address) values (1, '2099-01-01', 'w@example.com', 'abcdefghijklmnopqrstuvwx', '203.0.113.9')",
        )
        .run();
      runMigrations(database);
      const news = database.select().from(newsletterSignups).get()!;
      expect(news).toMatchObject({
        email: "old@example.com",
        emailKey: "old@example.com",
        source: "/merch",
        consentVersion: "before-consent-records",
      });
      expect(news.confirmedAt).toEqual(news.createdAt);
      expect(news.token).toMatch(/^[0-9a-f]{32}$/);
      const waiting = database.select().from(waitlistEntries).get()!;
      expect(waiting).toMatchObject({
        emailKey: "w@example.com",
        ipHash: null,
        consentVersion: "before-consent-records",
        source: "/event/1",
      });
      expect(waiting.confirmedAt).toEqual(waiting.createdAt);
      database.$client.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
