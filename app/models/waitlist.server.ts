import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { eventDates, events, waitlistEntries } from "~/db/schema";
import { staffSoldOut, type SoldOutBy } from "~/lib/sold-out-sync";
import {
  becameAvailable,
  dueForNotice,
  waitlistEmail,
  whyNobodyTold,
  type SendNowOutcome,
} from "~/lib/waitlist";
import { recordAudit } from "~/models/audit.server";
import {
  queueConfirmation,
  takeNotice,
  type ConsentInput,
  type SignupOutcome,
} from "~/models/mail-lists.server";
import { enqueueMail, wakeOutbox } from "~/models/outbox.server";
import type { StaffIdentity } from "~/models/staff.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";
import { newRandomToken } from "~/utils/random.server";

/**
 * The waitlist of sold-out performances. A performance is (show, date): the show's own
 * date for a one-off, or one of its dates. Its state: sold out when the show is marked sold
 * out, or when that date alone is (event_dates.sold_out).
 */
export type PerformanceState = {
  /** The show that owns the date (a same-title show merged into the page may own it). */
  eventId: number;
  title: string;
  date: string;
  time: string;
  ticketUrl: string | null;
  soldOut: boolean;
  archived: boolean;
};

/**
 * The performance on `date` of the show page `eventId` (whose page merges same-title
 * shows): which show owns the date and whether it is sold out. Null when no such date.
 */
export function findPerformance(eventId: number, date: string, database: DB = db()): PerformanceState | null {
  const base = database.select().from(events).where(eq(events.id, eventId)).get();
  if (!base) return null;
  const candidates = base.archivedAt
    ? [base]
    : [
        base,
        ...database
          .select()
          .from(events)
          .where(
            and(
              isNull(events.archivedAt),
              sql`lower(trim(${events.title})) = ${base.title.trim().toLowerCase()}`,
            ),
          )
          .orderBy(asc(events.id))
          .all()
          .filter((e) => e.id !== base.id),
      ];
  for (const show of candidates) {
    const dates = database.select().from(eventDates).where(eq(eventDates.eventId, show.id)).all();
    const own = (soldOut: boolean, time: string | null, ticketUrl: string | null): PerformanceState => ({
      eventId: show.id,
      title: show.title,
      date,
      time: time ?? show.time,
      ticketUrl: ticketUrl ?? show.ticketUrl,
      soldOut: show.soldOut || soldOut,
      archived: Boolean(show.archivedAt),
    });
    if (dates.length > 0) {
      const row = dates.find((d) => d.date === date);
      if (row) return own(row.soldOut, row.time, row.ticketUrl);
    } else if (show.date === date) {
      return own(false, null, null);
    }
  }
  return null;
}

/** Dates of these shows that are sold out on their own (the show itself is not). */
export function soldOutDates(
  eventIds: number[],
  database: DB = db(),
): { eventId: number; date: string; soldOutBy: SoldOutBy | null }[] {
  if (eventIds.length === 0) return [];
  return database
    .select({ eventId: eventDates.eventId, date: eventDates.date, soldOutBy: eventDates.soldOutBy })
    .from(eventDates)
    .where(and(inArray(eventDates.eventId, eventIds), eq(eventDates.soldOut, true)))
    .all();
}

/**
 * "Tell me when tickets free up" (issue 39): one row per mailbox (canonical address) and
 * performance, with its consent record; a new or still unconfirmed row gets the confirmation
 * e-mail (within the mailbox's daily count), a confirmed one nothing. The answer to the visitor
 * is the same whatever this returns.
 */
export function requestWaitlist(
  input: {
    eventId: number;
    date: string;
    title: string;
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
    t.insert(waitlistEntries)
      .values({
        eventId: input.eventId,
        date: input.date,
        email: input.email,
        emailKey: input.emailKey,
        token: newRandomToken(24),
        ipHash: input.consent.ipHash,
        consentVersion: input.consent.version,
        source: input.consent.source,
        createdAt: now,
      })
      .onConflictDoNothing()
      .run();
    const row = t
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.eventId, input.eventId),
          eq(waitlistEntries.date, input.date),
          eq(waitlistEntries.emailKey, input.emailKey),
        ),
      )
      .get()!;
    if (row.confirmedAt) return "already-confirmed" as const;
    return queueConfirmation(
      {
        list: "waitlist",
        row: { ...row, email: input.email },
        origin: input.origin,
        today: input.today,
        now,
        performance: { title: input.title, date: input.date },
      },
      t,
    );
  }, IMMEDIATE);
  if (outcome === "confirmation-sent") wakeOutbox();
  return outcome;
}

/**
 * Queues the "tickets are available" e-mail for everyone waiting on the given dates of a
 * show (all its dates when omitted) whose performance is available now, who confirmed their
 * sign-up, and who was not told within the last day. One such e-mail per mailbox per day
 * across every show (issue 39): a mailbox that had its e-mail is marked `notice_pending` and
 * told by the hourly job (sendPendingNotices) once its day is over, if the seats are still free.
 * Call inside the transaction of the change that freed the seats.
 */
export function queueWaitlistNotices(
  input: { eventId: number; dates?: string[]; origin: string; today: string; now?: Date },
  database: DB,
): number {
  const now = input.now ?? new Date();
  const show = database.select().from(events).where(eq(events.id, input.eventId)).get();
  // A called-off show has no tickets to offer, whatever its sold-out flag says.
  if (!show || show.soldOut || show.archivedAt || show.eventStatus !== "scheduled") return 0;
  const dateRows = database.select().from(eventDates).where(eq(eventDates.eventId, show.id)).all();
  const entries = database
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.eventId, show.id),
        gte(waitlistEntries.date, input.today),
        isNotNull(waitlistEntries.confirmedAt),
        input.dates ? inArray(waitlistEntries.date, input.dates) : undefined,
      ),
    )
    .orderBy(asc(waitlistEntries.id))
    .all();
  let queued = 0;
  for (const entry of entries) {
    const row = dateRows.find((d) => d.date === entry.date);
    if (dateRows.length > 0 && (!row || row.soldOut)) continue;
    if (dateRows.length === 0 && entry.date !== show.date) continue;
    if (!dueForNotice(entry, now)) continue;
    if (!takeNotice(entry.emailKey, now, database)) {
      if (!entry.noticePending)
        database
          .update(waitlistEntries)
          .set({ noticePending: true })
          .where(eq(waitlistEntries.id, entry.id))
          .run();
      continue;
    }
    const mail = waitlistEmail({
      title: show.title,
      date: entry.date,
      time: row?.time ?? show.time,
      ticketUrl: row?.ticketUrl ?? show.ticketUrl,
      pageUrl: `${input.origin}/event/${show.id}?date=${entry.date}`,
    });
    enqueueMail(
      {
        kind: "waitlist",
        refId: entry.id,
        to: entry.email,
        subject: mail.subject,
        text: mail.text,
        unsubscribeUrl: `${input.origin}/unsubscribe/${entry.token}`,
      },
      database,
      now,
    );
    database
      .update(waitlistEntries)
      .set({ notifiedAt: now, noticePending: false })
      .where(eq(waitlistEntries.id, entry.id))
      .run();
    queued++;
  }
  return queued;
}

export type DateToggleOutcome = "ok" | "not-found" | "archived";

/** Marks one date of a recurring show sold out or available (available tells its waitlist). */
export function setDateSoldOut(
  input: { eventId: number; date: string; soldOut: boolean; origin: string; today: string },
  staff: StaffIdentity,
  database: DB = db(),
): { outcome: DateToggleOutcome; queued: number } {
  const result = database.transaction((tx) => {
    const t = tx as unknown as DB;
    const show = t.select().from(events).where(eq(events.id, input.eventId)).get();
    if (!show) return { outcome: "not-found" as const, queued: 0 };
    if (show.archivedAt) return { outcome: "archived" as const, queued: 0 };
    const row = t
      .select()
      .from(eventDates)
      .where(and(eq(eventDates.eventId, show.id), eq(eventDates.date, input.date)))
      .get();
    if (!row) return { outcome: "not-found" as const, queued: 0 };
    t.update(eventDates).set(staffSoldOut(input.soldOut)).where(eq(eventDates.id, row.id)).run();
    t.update(events).set({ updatedAt: new Date() }).where(eq(events.id, show.id)).run();
    recordAudit(
      {
        staff,
        action: input.soldOut ? "event-date.sold-out" : "event-date.available",
        entityType: "event",
        entityId: show.id,
        before: { date: input.date, soldOut: row.soldOut },
        after: { date: input.date, soldOut: input.soldOut },
      },
      t,
    );
    const queued = becameAvailable(row.soldOut, input.soldOut)
      ? queueWaitlistNotices(
          { eventId: show.id, dates: [input.date], origin: input.origin, today: input.today },
          t,
        )
      : 0;
    return { outcome: "ok" as const, queued };
  }, IMMEDIATE);
  if (result.queued) wakeOutbox();
  return result;
}

/**
 * Staff's "send now": tells the waiting addresses of one performance (same once-a-day rule).
 * When nobody is told, says why.
 */
export function sendWaitlistNow(
  input: { eventId: number; date: string; origin: string; today: string; now?: Date },
  staff: StaffIdentity,
  database: DB = db(),
): SendNowOutcome {
  const outcome = database.transaction((tx): SendNowOutcome => {
    const t = tx as unknown as DB;
    const queued = queueWaitlistNotices(
      {
        eventId: input.eventId,
        dates: [input.date],
        origin: input.origin,
        today: input.today,
        now: input.now,
      },
      t,
    );
    recordAudit(
      {
        staff,
        action: "waitlist.send",
        entityType: "event",
        entityId: input.eventId,
        after: { date: input.date, queued },
      },
      t,
    );
    if (queued) return { queued, reason: null };
    const show = t.select().from(events).where(eq(events.id, input.eventId)).get();
    const row = t
      .select({ soldOut: eventDates.soldOut })
      .from(eventDates)
      .where(and(eq(eventDates.eventId, input.eventId), eq(eventDates.date, input.date)))
      .get();
    const waiting = t
      .select({ n: sql<number>`count(*)` })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.eventId, input.eventId),
          eq(waitlistEntries.date, input.date),
          isNotNull(waitlistEntries.confirmedAt),
        ),
      )
      .get()!.n;
    return {
      queued: 0,
      reason: whyNobodyTold({
        found: Boolean(show && !show.archivedAt),
        calledOff: show?.eventStatus !== "scheduled",
        soldOut: Boolean(show?.soldOut || row?.soldOut),
        waiting,
      }),
    };
  }, IMMEDIATE);
  if (outcome.queued) wakeOutbox();
  return outcome;
}

/** The addresses for the CSV export (today or later), oldest sign-up first per performance. */
export function waitlistRows(today: string, database: DB = db()) {
  return database
    .select({
      title: events.title,
      eventId: waitlistEntries.eventId,
      date: waitlistEntries.date,
      email: waitlistEntries.email,
      joinedAt: waitlistEntries.createdAt,
      notifiedAt: waitlistEntries.notifiedAt,
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(and(gte(waitlistEntries.date, today), isNotNull(waitlistEntries.confirmedAt)))
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.eventId), asc(waitlistEntries.id))
    .all();
}

/**
 * The hourly job: the notices held back by the one-a-day rule (notice_pending), for the
 * performances still available; the rest stay marked until the seats free up again or the
 * show is past. Returns how many e-mails it queued.
 */
export function sendPendingNotices(
  input: { origin: string; today: string; now?: Date },
  database: DB = db(),
): number {
  const pending = database
    .selectDistinct({ eventId: waitlistEntries.eventId, date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.noticePending, true), gte(waitlistEntries.date, input.today)))
    .all();
  const dates = new Map<number, string[]>();
  for (const p of pending) dates.set(p.eventId, [...(dates.get(p.eventId) ?? []), p.date]);
  let queued = 0;
  for (const [eventId, list] of dates) {
    queued += database.transaction(
      (tx) =>
        queueWaitlistNotices(
          { eventId, dates: list, origin: input.origin, today: input.today, now: input.now },
          tx as unknown as DB,
        ),
      IMMEDIATE,
    );
  }
  if (queued) wakeOutbox();
  return queued;
}

/** The lists of performances before `today` are deleted. */
export function deleteExpiredWaitlist(today: string, database: DB = db()): number {
  return database.delete(waitlistEntries).where(lt(waitlistEntries.date, today)).run().changes;
}

export type StaffPerformance = {
  eventId: number;
  title: string;
  date: string;
  /** A date of a recurring show (has its own toggle) or the show's own date. */
  recurring: boolean;
  showSoldOut: boolean;
  soldOut: boolean;
  /** Who marked it sold out: the platform (a sync reopens it when seats free up) or staff. */
  soldOutBy: SoldOutBy | null;
  waiting: number;
  notified: number;
};

/**
 * The staff list: every upcoming date of an active recurring show (each has its own
 * sold-out toggle) and every upcoming one-off show that is sold out or has a waitlist.
 */
export function staffPerformances(today: string, database: DB = db()): StaffPerformance[] {
  const counts = new Map<string, { waiting: number; notified: number }>();
  for (const r of database
    .select({
      eventId: waitlistEntries.eventId,
      date: waitlistEntries.date,
      waiting: sql<number>`count(*)`,
      notified: sql<number>`sum(case when ${waitlistEntries.notifiedAt} is not null then 1 else 0 end)`,
    })
    .from(waitlistEntries)
    .where(and(gte(waitlistEntries.date, today), isNotNull(waitlistEntries.confirmedAt)))
    .groupBy(waitlistEntries.eventId, waitlistEntries.date)
    .all()) {
    counts.set(`${r.eventId}|${r.date}`, { waiting: r.waiting, notified: r.notified ?? 0 });
  }
  const count = (eventId: number, date: string) =>
    counts.get(`${eventId}|${date}`) ?? { waiting: 0, notified: 0 };
  const out: StaffPerformance[] = [];
  const recurring = database
    .select({
      eventId: events.id,
      title: events.title,
      showSoldOut: events.soldOut,
      showSoldOutBy: events.soldOutBy,
      date: eventDates.date,
      dateSoldOut: eventDates.soldOut,
      dateSoldOutBy: eventDates.soldOutBy,
    })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(and(isNull(events.archivedAt), gte(eventDates.date, today)))
    .all();
  const withDates = new Set<number>(
    database
      .select({ id: eventDates.eventId })
      .from(eventDates)
      .groupBy(eventDates.eventId)
      .all()
      .map((r) => r.id),
  );
  for (const r of recurring) {
    out.push({
      eventId: r.eventId,
      title: r.title,
      date: r.date,
      recurring: true,
      showSoldOut: r.showSoldOut,
      soldOut: r.showSoldOut || r.dateSoldOut,
      soldOutBy: r.showSoldOut ? r.showSoldOutBy : r.dateSoldOut ? r.dateSoldOutBy : null,
      ...count(r.eventId, r.date),
    });
  }
  for (const e of database
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      soldOut: events.soldOut,
      soldOutBy: events.soldOutBy,
    })
    .from(events)
    .where(and(isNull(events.archivedAt), gte(events.date, today)))
    .all()) {
    if (withDates.has(e.id)) continue;
    const c = count(e.id, e.date);
    if (!e.soldOut && c.waiting === 0) continue;
    out.push({
      eventId: e.id,
      title: e.title,
      date: e.date,
      recurring: false,
      showSoldOut: e.soldOut,
      soldOut: e.soldOut,
      soldOutBy: e.soldOut ? e.soldOutBy : null,
      ...c,
    });
  }
  return out.sort(
    (a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title) || a.eventId - b.eventId,
  );
}
