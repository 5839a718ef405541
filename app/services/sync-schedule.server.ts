import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { releaseStaleSyncLock, syncShowsAndImages } from "./eventbrite-sync.server";
import { startPartnerReports } from "./partner-reports.server";
import { startTicketingWorker } from "./ticketing-refresh.server";

/**
 * The scheduled ticketing sync inside the server: every EVENTBRITE_SYNC_INTERVAL_MINUTES
 * (default 10; 0 turns it off), only when the platform is configured. Several processes may
 * run the schedule: the SQLite lock in the sync run lets one of them sync at a time.
 * With the platform configured, the webhook's worker runs too (issue 41; whatever the
 * interval: the schedule is the reconcile, the webhook the minute-by-minute), and the venues'
 * weekly partner reports in any case.
 * Returns a stop function (graceful shutdown).
 */
export function startSyncSchedule(
  options: { intervalMs?: number; run?: () => Promise<unknown> } = {},
): () => void {
  const env = getEnv();
  releaseStaleSyncLock();
  const intervalMs = options.intervalMs ?? env.EVENTBRITE_SYNC_INTERVAL_MINUTES * 60_000;
  const configured = Boolean(env.EVENTBRITE_TOKEN && env.EVENTBRITE_ORGANIZATION_ID);
  const worker = configured ? startTicketingWorker() : null;
  // The venues' weekly partner reports (issue 41), checked every hour.
  const stopReports = startPartnerReports();
  if (!intervalMs || !configured) {
    logger().info({ intervalMs, webhooks: Boolean(worker) }, "scheduled ticketing sync off");
    return () => {
      worker?.stop();
      stopReports();
    };
  }
  const run = options.run ?? (() => syncShowsAndImages({ staff: null }));
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      logger().error({ err: error }, "scheduled ticketing sync crashed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  logger().info({ intervalMinutes: intervalMs / 60_000 }, "scheduled ticketing sync on");
  return () => {
    clearInterval(timer);
    worker?.stop();
    stopReports();
  };
}
