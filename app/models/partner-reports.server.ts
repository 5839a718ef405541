import { and, asc, eq, gte, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { eventDates, events, partnerReports, venues, waitlistEntries, type Venue } from "~/db/schema";
import type { ReportRow } from "~/lib/partner-report";
import { endedBefore } from "~/lib/recurrence";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";
import { enqueueMail, wakeOutbox } from "./outbox.server";
import { checkIns } from "./ticket-holders.server";

/**
 * Partner reports (issue 41): the numbers of a venue's report (its shows' seats, the waitlist's
 * confirmed demand, the check-ins kept), and the week's mails queued once per venue.
 */

/** Venues whose staff set report recipients. */
export function venuesWithRecipients(database: DB = db()): (Venue & { recipients: string[] })[] {
  return database
    .select()
    .from(venues)
    .where(sql`coalesce(trim(${venues.reportRecipients}), '') <> ''`)
    .orderBy(asc(venues.name))
    .all()
    .map((v) => ({ ...v, recipients: (v.reportRecipients ?? "").split(/\s+/).filter(Boolean) }));
}

export function getVenueForReport(id: number, database: DB = db()): Venue | null {
  return database.select().from(venues).where(eq(venues.id, id)).get() ?? null;
}

/**
 * One venue's performances from `from` to `to` (archived shows included: last week's are),
 * each with its seats, waitlist and check-ins; `today` tells which have happened.
 */
export function venueReport(
  venueId: number,
  window: { from: string; to: string },
  today: string,
  database: DB = db(),
): ReportRow[] {
  const shows = database
    .select()
    .from(events)
    .where(
      and(
        eq(events.venueId, venueId),
        or(
          and(gte(events.date, window.from), lte(events.date, window.to)),
          inArray(
            events.id,
            database
              .select({ id: eventDates.eventId })
              .from(eventDates)
              .where(and(gte(eventDates.date, window.from), lte(eventDates.date, window.to))),
          ),
        ),
      ),
    )
    .all();
  if (shows.length === 0) return [];
  const ids = shows.map((s) => s.id);
  const dates = database
    .select()
    .from(eventDates)
    .where(
      and(
        inArray(eventDates.eventId, ids),
        gte(eventDates.date, window.from),
        lte(eventDates.date, window.to),
      ),
    )
    .all();
  const waitlist = new Map(
    database
      .select({ eventId: waitlistEntries.eventId, date: waitlistEntries.date, n: sql<number>`count(*)` })
      .from(waitlistEntries)
      .where(and(inArray(waitlistEntries.eventId, ids), isNotNull(waitlistEntries.confirmedAt)))
      .groupBy(waitlistEntries.eventId, waitlistEntries.date)
      .all()
      .map((r) => [`${r.eventId}:${r.date}`, Number(r.n)]),
  );
  const checked = checkIns(ids, database);
  const rows: ReportRow[] = [];
  for (const show of shows) {
    const own = dates.filter((d) => d.eventId === show.id);
    const performances = own.length
      ? own.map((d) => ({ ...d, time: d.time ?? show.time, soldOut: show.soldOut || d.soldOut }))
      : show.date >= window.from && show.date <= window.to
        ? [show]
        : [];
    for (const p of performances) {
      const key = `${show.id}:${p.date}`;
      const past = endedBefore({ date: p.date, endDate: own.length ? null : show.endDate, dates: [] }, today);
      rows.push({
        title: show.title,
        date: p.date,
        time: p.time,
        sold: p.seatsSold,
        capacity: p.seatsTotal,
        soldOut: p.soldOut,
        waitlist: waitlist.get(key) ?? 0,
        checkIns: past || p.date === today ? (checked.get(key) ?? null) : null,
      });
    }
  }
  return rows.sort((a, b) => (a.date === b.date ? a.time.localeCompare(b.time) : a.date < b.date ? -1 : 1));
}

/**
 * Queues a venue's report for a week, once: the bookkeeping row and every recipient's mail in
 * one transaction (a restart or a second process sends nothing twice). False when it was sent.
 */
export function queuePartnerReport(
  input: { venueId: number; week: string; mails: { to: string; subject: string; text: string }[] },
  database: DB = db(),
): boolean {
  const queued = database.transaction((tx) => {
    const row = tx
      .insert(partnerReports)
      .values({ venueId: input.venueId, week: input.week, recipients: input.mails.length })
      .onConflictDoNothing()
      .returning({ id: partnerReports.id })
      .get();
    if (!row) return false;
    for (const mail of input.mails)
      enqueueMail({ kind: "partner-report", refId: input.venueId, ...mail }, tx as unknown as DB);
    return true;
  }, IMMEDIATE);
  if (queued) wakeOutbox();
  return queued;
}

/** The weeks a venue's report was sent, latest first (the admin page). */
export function sentReports(venueId: number, database: DB = db()) {
  return database
    .select({
      week: partnerReports.week,
      recipients: partnerReports.recipients,
      at: partnerReports.createdAt,
    })
    .from(partnerReports)
    .where(eq(partnerReports.venueId, venueId))
    .orderBy(sql`${partnerReports.week} desc`)
    .limit(5)
    .all();
}
