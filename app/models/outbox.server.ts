import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { contactMessages, contestantApplications, outbox, type OutboxMessage } from "~/db/schema";
import { promotionalFooter, unsubscribeHeaders, type Sender } from "~/lib/promotional-mail";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";
import { mailSender } from "~/utils/env.server";

/**
 * The mail outbox. Writers call `enqueueMail` inside their own transaction, so a message
 * exists exactly when the change that caused it was committed. The sender claims due rows
 * with a lease, sends, then marks them sent: a crash before the mark leaves the row to be
 * claimed again once the lease ends; the sender's claim makes two senders never share a row.
 */
type MailBase = {
  refId?: number | null;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  headers?: Record<string, string> | null;
};
/**
 * Promotional kinds (CASL, issue 39): a sign-up's confirmation and the "tickets are available"
 * notice. Each must name its unsubscribe link; the outbox adds the sender's identification
 * (name, postal address) and the one-click unsubscribe, in the text and in the headers.
 */
export const PROMOTIONAL_KINDS = ["waitlist", "confirmation"] as const;
export type NewMail =
  | (MailBase & { kind: "contact" | "application" | "shortlist" | "partner-report" | "vote-ticket" })
  | (MailBase & { kind: (typeof PROMOTIONAL_KINDS)[number]; unsubscribeUrl: string });

// The server bundle and the Remix build each hold a copy of this module: the wake-up hook
// lives on globalThis so an enqueue in an action reaches the sender started by the server.
const hook = globalThis as typeof globalThis & { __laughOutboxWake?: () => void };

export function setOutboxWake(wake: (() => void) | undefined) {
  hook.__laughOutboxWake = wake;
}

/** Tells the sender (if one runs in this process) that mail is waiting. Call after commit. */
export function wakeOutbox() {
  hook.__laughOutboxWake?.();
}

export function enqueueMail(
  mail: NewMail,
  database: DB = db(),
  now = new Date(),
  sender: Sender = mailSender(),
): number {
  const promotional = "unsubscribeUrl" in mail;
  const row = database
    .insert(outbox)
    .values({
      kind: mail.kind,
      refId: mail.refId ?? null,
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      body: promotional ? `${mail.text}\n${promotionalFooter(sender, mail.unsubscribeUrl)}` : mail.text,
      headers: promotional
        ? { ...mail.headers, ...unsubscribeHeaders(mail.unsubscribeUrl) }
        : (mail.headers ?? null),
      nextAttemptAt: now,
    })
    .returning({ id: outbox.id })
    .get();
  return row.id;
}

/** Claims up to `limit` due rows for `leaseMs` (one statement: nobody else can claim them). */
export function claimDue(now: Date, leaseMs: number, limit = 10, database: DB = db()): OutboxMessage[] {
  const due = database
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "pending"),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, now)),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(limit);
  return database
    .update(outbox)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${outbox.attempts} + 1` })
    .where(
      and(
        inArray(outbox.id, due),
        eq(outbox.status, "pending"),
        or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, now)),
      ),
    )
    .returning()
    .all()
    .sort((a, b) => a.id - b.id);
}

/** After the SMTP server accepted the message. */
export function markSent(
  message: Pick<OutboxMessage, "id" | "kind" | "refId">,
  now = new Date(),
  database: DB = db(),
) {
  database.transaction((tx) => {
    tx.update(outbox)
      .set({ status: "sent", sentAt: now, leaseUntil: null, lastError: null })
      .where(eq(outbox.id, message.id))
      .run();
    // The submission lists show "e-mailed" from these columns.
    if (message.kind === "contact" && message.refId) {
      tx.update(contactMessages).set({ emailedAt: now }).where(eq(contactMessages.id, message.refId)).run();
    }
    if (message.kind === "application" && message.refId) {
      tx.update(contestantApplications)
        .set({ emailedAt: now })
        .where(eq(contestantApplications.id, message.refId))
        .run();
    }
  }, IMMEDIATE);
}

/**
 * Hands claimed rows back unsent (a sender shutting down): due again at once for the next
 * sender, and the claim that never became a try is not counted as one.
 */
export function releaseClaims(ids: number[], database: DB = db()) {
  if (ids.length === 0) return;
  database
    .update(outbox)
    .set({ leaseUntil: null, attempts: sql`max(${outbox.attempts} - 1, 0)` })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, "pending")))
    .run();
}

export function markFailedAttempt(
  id: number,
  decision: { status: "pending"; nextAttemptAt: Date } | { status: "failed" },
  error: string,
  database: DB = db(),
) {
  database
    .update(outbox)
    .set(
      decision.status === "pending"
        ? { nextAttemptAt: decision.nextAttemptAt, leaseUntil: null, lastError: error.slice(0, 500) }
        : { status: "failed", leaseUntil: null, lastError: error.slice(0, 500) },
    )
    .where(eq(outbox.id, id))
    .run();
}

/** Staff's "send now": every waiting message is due at once (failed ones are tried again). */
export function makeAllDue(now = new Date(), database: DB = db()): number {
  return database
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: now })
    .where(or(eq(outbox.status, "pending"), eq(outbox.status, "failed")))
    .run().changes;
}

export function outboxCounts(database: DB = db()) {
  const rows = database
    .select({ status: outbox.status, count: sql<number>`count(*)` })
    .from(outbox)
    .groupBy(outbox.status)
    .all();
  const counts = { pending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = r.count;
  return counts;
}

/** The newest messages not yet sent (waiting or given up), for the staff page. */
export function listUnsent(limit = 100, database: DB = db()) {
  return database
    .select({
      id: outbox.id,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      nextAttemptAt: outbox.nextAttemptAt,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(or(eq(outbox.status, "pending"), eq(outbox.status, "failed")))
    .orderBy(desc(outbox.id))
    .limit(limit)
    .all();
}
