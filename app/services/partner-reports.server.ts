import { nowTimeIn, todayIn } from "~/lib/dates";
import { partnerReportMail, reportDue, reportWindow, weekOf } from "~/lib/partner-report";
import { SITE } from "~/lib/site";
import { queuePartnerReport, venueReport, venuesWithRecipients } from "~/models/partner-reports.server";
import { db, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { configuredOrigin } from "~/utils/origin.server";
import { partnerReportLink } from "~/utils/partner-link.server";

/**
 * The weekly partner reports (issue 41): on Mondays from 9 AM (business zone), each venue with
 * recipients gets this week's report through the outbox, once (the model's bookkeeping row).
 * The link opens the live report read-only until it expires (LINK_DAYS).
 */

/** Queues the week's reports that are due; answers how many venues got theirs now. */
export function sendDueReports(options: { now?: Date; database?: DB; origin?: string } = {}): number {
  const database = options.database ?? db();
  const zone = getEnv().APP_TIMEZONE;
  const now = options.now ?? new Date();
  const today = todayIn(zone, now);
  const hour = Number(nowTimeIn(zone, now).slice(0, 2));
  if (!reportDue(today, hour)) return 0;
  const week = weekOf(today);
  const origin = options.origin ?? configuredOrigin();
  let sent = 0;
  for (const venue of venuesWithRecipients(database)) {
    const rows = venueReport(venue.id, reportWindow(week), today, database);
    // No show last week or in the four ahead: nothing to report, no e-mail.
    if (rows.length === 0) continue;
    const link = partnerReportLink(venue.id, week, origin, zone);
    const mail = partnerReportMail({
      venue: venue.name,
      week,
      rows,
      link: link.url,
      lastDay: link.lastDay,
      site: SITE.name,
    });
    const queued = queuePartnerReport(
      { venueId: venue.id, week, mails: venue.recipients.map((to) => ({ to, ...mail })) },
      database,
    );
    if (queued) sent++;
  }
  if (sent) logger().info({ week, venues: sent }, "partner reports queued");
  return sent;
}

/** Every hour, inside the server (the primary only): the week's reports once they are due. */
export function startPartnerReports(options: { everyMs?: number } = {}) {
  const tick = () => {
    try {
      sendDueReports();
    } catch (error) {
      logger().error({ err: error }, "partner reports failed");
    }
  };
  const timer = setInterval(tick, options.everyMs ?? 60 * 60_000);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
