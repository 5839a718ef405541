import { affiliateTotals, holderRows, holdersKeptFrom } from "~/lib/attendees";
import { addDaysIso, todayIn } from "~/lib/dates";
import { wakeOutbox } from "~/models/outbox.server";
import {
  attendeeTargets,
  deleteHoldersBefore,
  storeAttendees,
  type AttendeeTarget,
} from "~/models/ticket-holders.server";
import { db, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { ticketHolderHash } from "~/utils/ticket-holder-hash.server";
import { notifyRoundChanged } from "~/utils/vote-events.server";
import { eventbriteConfigFromEnv, fetchAttendees, type EventbriteConfig } from "./eventbrite-client.server";

/**
 * The platform's attendees, read minimally (issue 41): GET /events/{id}/attendees/ for the
 * performances with a voting round or a partner report (their holders: keyed e-mail hashes,
 * check-ins, affiliate codes, order ids) or a line-up (the comics' draws: counts only).
 */
export async function refreshAttendees(
  target: AttendeeTarget,
  options: { config?: EventbriteConfig; database?: DB } = {},
): Promise<number> {
  const attendees = await fetchAttendees(options.config ?? eventbriteConfigFromEnv(), target.platformEventId);
  const rechecked = storeAttendees(
    {
      eventId: target.eventId,
      date: target.date,
      holders: target.keepHolders ? holderRows(attendees, ticketHolderHash) : null,
      affiliates: affiliateTotals(attendees),
    },
    options.database,
  );
  // Issue 41: votes re-checked against the new holders: the host's count moves, the voters are told.
  for (const roundId of rechecked) notifyRoundChanged(roundId);
  if (rechecked.length) wakeOutbox();
  return attendees.length;
}

/**
 * How far back the reconcile reads attendees, archived shows included (late check-ins): while the
 * holders are kept (ATTENDEE_RETENTION_DAYS) and at most 21 days, the longest a partner-report
 * link shows a performance (last week's, until the end of the second Sunday after the report).
 */
const LATE_CHECK_IN_DAYS = 21;
/** How far ahead: every show on sale (a year ahead and a bit). */
const AHEAD_DAYS = 400;
/** A safety stop: more performances with a round, a report or a line-up than a promoter runs in a year. */
const MAX_PERFORMANCES = 300;

/**
 * After a full sync: every performance worth reading, one at a time (the platform's rate limit
 * is shared with the sync), then the holders past their retention deleted. A failure is one
 * performance's and is logged; the rest goes on.
 */
export async function refreshAllAttendees(
  options: { config?: EventbriteConfig; database?: DB; now?: Date } = {},
): Promise<{ performances: number; failed: number; deleted: number }> {
  const database = options.database ?? db();
  const env = getEnv();
  const today = todayIn(env.APP_TIMEZONE, options.now);
  const targets = attendeeTargets(
    addDaysIso(today, -Math.min(LATE_CHECK_IN_DAYS, env.ATTENDEE_RETENTION_DAYS)),
    addDaysIso(today, AHEAD_DAYS),
    database,
  ).slice(0, MAX_PERFORMANCES);
  let failed = 0;
  for (const target of targets) {
    try {
      await refreshAttendees(target, { config: options.config, database });
    } catch (error) {
      failed++;
      logger().warn({ err: error, target }, "reading a performance's attendees failed");
    }
  }
  const deleted = deleteExpiredHolders(today, database);
  return { performances: targets.length, failed, deleted };
}

/** The retention rule applied: holders of performances ATTENDEE_RETENTION_DAYS gone are deleted. */
export function deleteExpiredHolders(today: string, database: DB = db()): number {
  return deleteHoldersBefore(holdersKeptFrom(today, getEnv().ATTENDEE_RETENTION_DAYS), database);
}
