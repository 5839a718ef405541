import { and, eq, gte, inArray, isNotNull, lt, lte, ne, sql } from "drizzle-orm";
import {
  affiliateSales,
  eventComedians,
  eventDates,
  events,
  ticketHolders,
  venues,
  votingRounds,
} from "~/db/schema";
import type { HolderRow } from "~/lib/attendees";
import { ticketCountFrozen } from "~/lib/ticket-votes";
import { markTicketVotes } from "~/models/votes.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

/**
 * Ticket holders and the comics' draws (issue 41): one performance's attendees replaced at
 * once (holders only where a round or a partner report needs them; the affiliate counts for
 * every performance read), the performances worth reading, and the deletion after the show.
 */

/** A performance whose attendees are read: the show, its date, the platform event that sells it. */
export type AttendeeTarget = {
  eventId: number;
  date: string;
  platformEventId: string;
  /** A voting round or a partner report needs its holders; otherwise only the draw counts. */
  keepHolders: boolean;
};

/**
 * Stores what was read of one performance's attendees, in one transaction: its holders
 * (replacing the previous read; none kept when `holders` is null), its tickets per affiliate
 * code, and (issue 41) the re-check of its rounds' unverified votes against the new holders,
 * until each round's reveal starts. Returns the rounds whose count changed.
 */
export function storeAttendees(
  input: {
    eventId: number;
    date: string;
    holders: HolderRow[] | null;
    affiliates: { affiliate: string; tickets: number; checkedIn: number }[];
  },
  database: DB = db(),
): number[] {
  return database.transaction((tx) => {
    const performance = and(eq(ticketHolders.eventId, input.eventId), eq(ticketHolders.date, input.date));
    tx.delete(ticketHolders).where(performance).run();
    for (const h of input.holders ?? []) {
      tx.insert(ticketHolders)
        .values({ eventId: input.eventId, date: input.date, ...h })
        .onConflictDoUpdate({
          target: ticketHolders.attendeeId,
          set: { eventId: input.eventId, date: input.date, ...h },
        })
        .run();
    }
    tx.delete(affiliateSales)
      .where(and(eq(affiliateSales.eventId, input.eventId), eq(affiliateSales.date, input.date)))
      .run();
    if (input.affiliates.length)
      tx.insert(affiliateSales)
        .values(input.affiliates.map((a) => ({ eventId: input.eventId, date: input.date, ...a })))
        .run();
    if (!input.holders) return [];
    const rounds = tx
      .select()
      .from(votingRounds)
      .where(
        and(
          eq(votingRounds.eventId, input.eventId),
          eq(votingRounds.eventDate, input.date),
          ne(votingRounds.ticketCheck, "off"),
        ),
      )
      .all()
      .filter((r) => !ticketCountFrozen(r));
    return rounds.filter((r) => markTicketVotes(r, "recheck", tx as unknown as DB) > 0).map((r) => r.id);
  }, IMMEDIATE);
}

/**
 * The synced performances from `from` to `to` whose attendees are worth reading: those with a
 * voting round or at a venue with partner-report recipients (their holders are kept), and
 * those with a line-up (the comics' draws). Archived shows too: the dashboard archives a show
 * the morning after, and tickets scanned at the door later (late check-ins) still belong in its
 * partner report; the caller bounds how far back (`refreshAllAttendees`).
 */
export function attendeeTargets(from: string, to: string, database: DB = db()): AttendeeTarget[] {
  const hasRound = sql<number>`exists (select 1 from ${votingRounds} where ${votingRounds.eventId} = ${events.id})`;
  const hasReport = sql<number>`coalesce(trim(${venues.reportRecipients}), '') <> ''`;
  const hasLineup = sql<number>`exists (select 1 from ${eventComedians} where ${eventComedians.eventId} = ${events.id})`;
  const shows = database
    .select({
      id: events.id,
      date: events.date,
      externalId: events.externalId,
      hasRound,
      hasReport,
      hasLineup,
    })
    .from(events)
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(and(eq(events.source, "eventbrite"), isNotNull(events.externalId)))
    .all()
    .filter((s) => s.hasRound || s.hasReport || s.hasLineup);
  if (shows.length === 0) return [];
  const dates = database
    .select({ eventId: eventDates.eventId, date: eventDates.date, externalId: eventDates.externalId })
    .from(eventDates)
    .where(
      and(
        inArray(
          eventDates.eventId,
          shows.map((s) => s.id),
        ),
        isNotNull(eventDates.externalId),
        gte(eventDates.date, from),
        lte(eventDates.date, to),
      ),
    )
    .all();
  const targets: AttendeeTarget[] = [];
  for (const show of shows) {
    const keepHolders = Boolean(show.hasRound || show.hasReport);
    const own = dates.filter((d) => d.eventId === show.id);
    if (own.length) {
      for (const d of own)
        targets.push({ eventId: show.id, date: d.date, platformEventId: d.externalId!, keepHolders });
    } else if (show.date >= from && show.date <= to) {
      targets.push({ eventId: show.id, date: show.date, platformEventId: show.externalId!, keepHolders });
    }
  }
  return targets;
}

/** The performance a platform event sells, when its attendees are worth reading. */
export function attendeeTargetOf(platformEventId: string, database: DB = db()): AttendeeTarget | null {
  const date = database
    .select({ eventId: eventDates.eventId, date: eventDates.date })
    .from(eventDates)
    .where(eq(eventDates.externalId, platformEventId))
    .get();
  const show = date
    ? null
    : database
        .select({ eventId: events.id, date: events.date })
        .from(events)
        .where(eq(events.externalId, platformEventId))
        .get();
  const found = date ?? show;
  if (!found) return null;
  return (
    attendeeTargets(found.date, found.date, database).find(
      (t) => t.eventId === found.eventId && t.date === found.date,
    ) ?? null
  );
}

/** Deletes the holders of performances before `firstKept` (the retention rule: app/lib/attendees.ts). */
export function deleteHoldersBefore(firstKept: string, database: DB = db()): number {
  return database.delete(ticketHolders).where(lt(ticketHolders.date, firstKept)).run().changes;
}

/** Whether the performance has a ticket bought with this (hashed) e-mail. */
export function holdsTicket(
  input: { eventId: number; date: string; emailHash: string },
  database: DB = db(),
): boolean {
  if (!input.emailHash) return false;
  return Boolean(
    database
      .select({ id: ticketHolders.id })
      .from(ticketHolders)
      .where(
        and(
          eq(ticketHolders.eventId, input.eventId),
          eq(ticketHolders.date, input.date),
          eq(ticketHolders.emailHash, input.emailHash),
        ),
      )
      .get(),
  );
}

/** Check-ins per performance of these shows (the partner report), from the holders kept. */
export function checkIns(eventIds: number[], database: DB = db()): Map<string, number> {
  if (eventIds.length === 0) return new Map();
  const rows = database
    .select({
      eventId: ticketHolders.eventId,
      date: ticketHolders.date,
      n: sql<number>`sum(${ticketHolders.checkedIn})`,
    })
    .from(ticketHolders)
    .where(inArray(ticketHolders.eventId, eventIds))
    .groupBy(ticketHolders.eventId, ticketHolders.date)
    .all();
  return new Map(rows.map((r) => [`${r.eventId}:${r.date}`, Number(r.n)]));
}
