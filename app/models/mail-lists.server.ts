import { and, desc, eq, isNull, lt } from "drizzle-orm";
import { events, mailRecipients, newsletterSignups, waitlistEntries } from "~/db/schema";
import {
  CONFIRM_WITHIN_MS,
  confirmationExpired,
  mayConfirmAgain,
  mayNotifyAgain,
  type MailList,
} from "~/lib/consent";
import { isToken } from "~/lib/ids";
import { confirmationEmail } from "~/lib/promotional-mail";
import { enqueueMail, wakeOutbox } from "~/models/outbox.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";
import { newRandomToken } from "~/utils/random.server";

/**
 * The mailing lists (the merch newsletter and the waitlists of sold-out performances): what
 * they share (issue 39). Double opt-in: a sign-up gets one confirmation e-mail and nothing else
 * until its link is used; per mailbox (canonical address) at most CONFIRMATIONS_PER_DAY
 * confirmations a day and one "tickets are available" notice per NOTICE_INTERVAL_MS, across
 * lists and shows; unsubscribing by the token every e-mail carries. The waitlist's own rules
 * are in waitlist.server.ts.
 */

/** A sign-up's consent record (the wording's version, the page, a keyed hash of the IP). */
export type ConsentInput = { version: string; source: string; ipHash: string | null };

/**
 * Takes one of today's confirmation e-mails of this mailbox, or says the day's are used.
 * Call inside the transaction that queues the e-mail.
 */
export function takeConfirmation(emailKey: string, today: string, now: Date, database: DB): boolean {
  const row = database.select().from(mailRecipients).where(eq(mailRecipients.emailKey, emailKey)).get();
  const counted = { day: row?.confirmationsDay ?? null, confirmations: row?.confirmations ?? 0 };
  if (!mayConfirmAgain(counted, today)) return false;
  const confirmations = counted.day === today ? counted.confirmations + 1 : 1;
  database
    .insert(mailRecipients)
    .values({ emailKey, confirmationsDay: today, confirmations, updatedAt: now })
    .onConflictDoUpdate({
      target: mailRecipients.emailKey,
      set: { confirmationsDay: today, confirmations, updatedAt: now },
    })
    .run();
  return true;
}

/** Takes this mailbox's "tickets are available" e-mail of the day, or says it was sent. */
export function takeNotice(emailKey: string, now: Date, database: DB): boolean {
  const row = database.select().from(mailRecipients).where(eq(mailRecipients.emailKey, emailKey)).get();
  if (!mayNotifyAgain(row?.lastNoticeAt ?? null, now)) return false;
  database
    .insert(mailRecipients)
    .values({ emailKey, lastNoticeAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: mailRecipients.emailKey, set: { lastNoticeAt: now, updatedAt: now } })
    .run();
  return true;
}

export type SignupOutcome = "confirmation-sent" | "already-confirmed" | "confirmations-used-today";

/**
 * The confirmation e-mail of an unconfirmed sign-up, queued in the caller's transaction when the
 * mailbox has one left today.
 */
export function queueConfirmation(
  input: {
    list: MailList;
    row: { id: number; email: string; emailKey: string; token: string };
    origin: string;
    today: string;
    now: Date;
    performance?: { title: string; date: string };
  },
  database: DB,
): SignupOutcome {
  if (!takeConfirmation(input.row.emailKey, input.today, input.now, database))
    return "confirmations-used-today";
  const mail = confirmationEmail({
    list: input.list,
    email: input.row.email,
    confirmUrl: `${input.origin}/confirm/${input.row.token}`,
    performance: input.performance,
  });
  enqueueMail(
    {
      kind: "confirmation",
      refId: input.row.id,
      to: input.row.email,
      subject: mail.subject,
      text: mail.text,
      unsubscribeUrl: `${input.origin}/unsubscribe/${input.row.token}`,
    },
    database,
    input.now,
  );
  return "confirmation-sent";
}

/** A newsletter sign-up: one row per mailbox; unconfirmed (or new) ones get the confirmation e-mail. */
export function requestNewsletterSignup(
  input: {
    email: string;
    emailKey: string;
    consent: ConsentInput;
    origin: string;
    today: string;
    now?: Date;
  },
  database: DB = db(),
): SignupOutcome {
  const now = input.now ?? new Date();
  const outcome = database.transaction((tx) => {
    const t = tx as unknown as DB;
    t.insert(newsletterSignups)
      .values({
        email: input.email,
        emailKey: input.emailKey,
        token: newRandomToken(24),
        source: input.consent.source,
        consentVersion: input.consent.version,
        ipHash: input.consent.ipHash,
        createdAt: now,
      })
      .onConflictDoNothing({ target: newsletterSignups.emailKey })
      .run();
    const row = t
      .select()
      .from(newsletterSignups)
      .where(eq(newsletterSignups.emailKey, input.emailKey))
      .get()!;
    if (row.confirmedAt && !row.unsubscribedAt) return "already-confirmed" as const;
    if (row.unsubscribedAt) {
      // Signing up again after leaving is a new consent: recorded as such, confirmed again.
      t.update(newsletterSignups)
        .set({
          email: input.email,
          source: input.consent.source,
          consentVersion: input.consent.version,
          ipHash: input.consent.ipHash,
          createdAt: now,
          confirmedAt: null,
          unsubscribedAt: null,
        })
        .where(eq(newsletterSignups.id, row.id))
        .run();
    }
    return queueConfirmation(
      {
        list: "newsletter",
        row: { ...row, email: input.email },
        origin: input.origin,
        today: input.today,
        now,
      },
      t,
    );
  }, IMMEDIATE);
  if (outcome === "confirmation-sent") wakeOutbox();
  return outcome;
}

/** What a confirmation or unsubscribe link names, or null (unknown, expired or left). */
export type ListEntry = {
  list: MailList;
  id: number;
  email: string;
  confirmedAt: Date | null;
  createdAt: Date;
  unsubscribedAt: Date | null;
  performance?: { eventId: number; title: string; date: string };
};

export function findListEntry(token: string, database: DB = db()): ListEntry | null {
  if (!isToken(token)) return null;
  const waiting = database
    .select({
      id: waitlistEntries.id,
      email: waitlistEntries.email,
      confirmedAt: waitlistEntries.confirmedAt,
      createdAt: waitlistEntries.createdAt,
      date: waitlistEntries.date,
      eventId: events.id,
      title: events.title,
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(eq(waitlistEntries.token, token))
    .get();
  if (waiting) {
    const { date, eventId, title, ...rest } = waiting;
    return { list: "waitlist", ...rest, unsubscribedAt: null, performance: { eventId, title, date } };
  }
  const signup = database.select().from(newsletterSignups).where(eq(newsletterSignups.token, token)).get();
  if (!signup) return null;
  return {
    list: "newsletter",
    id: signup.id,
    email: signup.email,
    confirmedAt: signup.confirmedAt,
    createdAt: signup.createdAt,
    unsubscribedAt: signup.unsubscribedAt,
  };
}

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "expired" | "not-found";

/** The confirmation link's POST: the sign-up is on the list from now on. */
export function confirmListEntry(token: string, now = new Date(), database: DB = db()): ConfirmOutcome {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const entry = findListEntry(token, t);
    if (!entry || entry.unsubscribedAt) return "not-found";
    if (entry.confirmedAt) return "already-confirmed";
    if (confirmationExpired(entry.createdAt, now)) return "expired";
    if (entry.list === "waitlist") {
      t.update(waitlistEntries).set({ confirmedAt: now }).where(eq(waitlistEntries.id, entry.id)).run();
    } else {
      t.update(newsletterSignups).set({ confirmedAt: now }).where(eq(newsletterSignups.id, entry.id)).run();
    }
    return "confirmed";
  }, IMMEDIATE);
}

export type UnsubscribeOutcome = "left" | "not-on-list";

/**
 * The unsubscribe link's POST (the page's button and mail programs' one-click, RFC 8058): the
 * same answer however often it is sent. A waitlist address is deleted (as its sign-up promised);
 * a newsletter address is kept, marked as unsubscribed, so it is never mailed again.
 */
export function unsubscribeListEntry(
  token: string,
  now = new Date(),
  database: DB = db(),
): UnsubscribeOutcome {
  if (!isToken(token)) return "not-on-list";
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    if (t.delete(waitlistEntries).where(eq(waitlistEntries.token, token)).run().changes > 0) return "left";
    const changed = t
      .update(newsletterSignups)
      .set({ unsubscribedAt: now })
      .where(and(eq(newsletterSignups.token, token), isNull(newsletterSignups.unsubscribedAt)))
      .run().changes;
    return changed > 0 ? "left" : "not-on-list";
  }, IMMEDIATE);
}

/**
 * The hourly clean-up: unconfirmed sign-ups older than CONFIRM_WITHIN_MS are deleted, and the
 * per-mailbox counts nobody needs any more (untouched for two days).
 */
export function deleteExpiredSignups(now = new Date(), database: DB = db()): number {
  const before = new Date(now.getTime() - CONFIRM_WITHIN_MS);
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const waiting = t
      .delete(waitlistEntries)
      .where(and(isNull(waitlistEntries.confirmedAt), lt(waitlistEntries.createdAt, before)))
      .run().changes;
    const news = t
      .delete(newsletterSignups)
      .where(
        and(
          isNull(newsletterSignups.confirmedAt),
          isNull(newsletterSignups.unsubscribedAt),
          lt(newsletterSignups.createdAt, before),
        ),
      )
      .run().changes;
    t.delete(mailRecipients)
      .where(lt(mailRecipients.updatedAt, new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000)))
      .run();
    return waiting + news;
  }, IMMEDIATE);
}

/** The newsletter list for staff, newest first. */
export function listNewsletterSignups(database: DB = db()) {
  return database
    .select()
    .from(newsletterSignups)
    .orderBy(desc(newsletterSignups.createdAt), desc(newsletterSignups.id))
    .all();
}

/** Every consent on record, both lists (the staff CSV export). */
export function consentRecords(database: DB = db()) {
  const news = database
    .select()
    .from(newsletterSignups)
    .orderBy(newsletterSignups.id)
    .all()
    .map((s) => ({
      list: "newsletter" as const,
      email: s.email,
      detail: "",
      consentVersion: s.consentVersion,
      source: s.source,
      givenAt: s.createdAt,
      ipHash: s.ipHash,
      confirmedAt: s.confirmedAt,
      unsubscribedAt: s.unsubscribedAt,
    }));
  const waiting = database
    .select({
      email: waitlistEntries.email,
      title: events.title,
      date: waitlistEntries.date,
      consentVersion: waitlistEntries.consentVersion,
      source: waitlistEntries.source,
      givenAt: waitlistEntries.createdAt,
      ipHash: waitlistEntries.ipHash,
      confirmedAt: waitlistEntries.confirmedAt,
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .orderBy(waitlistEntries.id)
    .all()
    .map((w) => ({
      list: "waitlist" as const,
      email: w.email,
      detail: `${w.title} (${w.date})`,
      consentVersion: w.consentVersion,
      source: w.source,
      givenAt: w.givenAt,
      ipHash: w.ipHash,
      confirmedAt: w.confirmedAt,
      unsubscribedAt: null,
    }));
  return [...news, ...waiting];
}
