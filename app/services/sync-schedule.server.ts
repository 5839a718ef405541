import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { releaseStaleSyncLock, syncShowsAndImages } from "./eventbrite-sync.server";

/**
 * The scheduled ticketing sync inside the server: every EVENTBRITE_SYNC_INTERVAL_MINUTES
 * (default 10; 0 turns it off), only when the platform is configured. Several processes may
 * run the schedule: the SQLite lock in the sync run lets one of them sync at a time.
 * Returns a stop function (graceful shutdown).
 */
export function startSyncSchedule(
  options: { intervalMs?: number; run?: () => Promise<unknown> } = {},
): () => void {
  const env = getEnv();
  releaseStaleSyncLock();
  const intervalMs = options.intervalMs ?? env.EVENTBRITE_SYNC_INTERVAL_MINUTES * 60_000;
  if (!intervalMs || !env.EVENTBRITE_TOKEN || !env.EVENTBRITE_ORGANIZATION_ID) {
    logger().info({ intervalMs }, "scheduled ticketing sync off");
    return () => {};
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
  return () => clearInterval(timer);
}
