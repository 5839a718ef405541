import crypto from "node:crypto";
import type { TicketingJob } from "~/db/schema";
import { todayIn } from "~/lib/dates";
import { seriesIdOf, toSyncedSeries, toSyncedShow } from "~/lib/eventbrite";
import { SITE } from "~/lib/site";
import { targetOfPath } from "~/lib/ticketing-webhook";
import { storedPlatformEvent, upsertSyncedShows, type UpsertCounts } from "~/models/sync.server";
import { attendeeTargetOf } from "~/models/ticket-holders.server";
import {
  claimDueJobs,
  deleteOldJobs,
  markJobDone,
  markJobFailed,
  setTicketingWake,
} from "~/models/ticketing-jobs.server";
import { db, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { configuredOrigin } from "~/utils/origin.server";
import {
  EventbriteError,
  eventbriteConfigFromEnv,
  fetchEvent,
  fetchResource,
  fetchSeriesEvents,
  fetchTicketClasses,
  lookUpVenues,
  type EventbriteConfig,
} from "./eventbrite-client.server";
import { deleteExpiredHolders, refreshAttendees } from "./ticket-holders.server";

/**
 * One platform event refreshed at once (issue 41): what the webhook's worker does with a
 * delivery, between two full syncs (which stay the reconcile). The event is read with the
 * site's own token (seats from its ticket classes), its series when it is a date of one, and
 * stored through the same plan as the sync.
 */
export async function refreshPlatformEvent(
  eventId: string,
  options: { config?: EventbriteConfig; database?: DB; now?: Date; origin?: string } = {},
): Promise<{ refreshed: boolean; counts: UpsertCounts | null; reason?: string }> {
  const config = options.config ?? eventbriteConfigFromEnv();
  const database = options.database ?? db();
  // Taken before the first call: a full sync that read earlier never overwrites this read.
  const readAt = options.now ?? new Date();
  const zone = getEnv().APP_TIMEZONE;
  const today = todayIn(zone, readAt);
  const mapOptions = { fallbackImage: SITE.fallbackImage, businessZone: zone, now: readAt };

  const event = await fetchEvent(config, eventId);
  if (event.organization_id && config.organizationId && event.organization_id !== config.organizationId)
    return { refreshed: false, counts: null, reason: "another organisation's event" };
  if (!event.ticket_classes) event.ticket_classes = await fetchTicketClasses(config, event.id);

  const stored = storedPlatformEvent(event.id, database);
  const seriesId = event.is_series_parent
    ? seriesIdOf(event)
    : stored?.kind !== "show" && event.series_id && event.series_id !== event.id
      ? event.series_id
      : null;
  let show;
  if (seriesId) {
    const parent = seriesId === event.id ? event : await fetchEvent(config, seriesId);
    const occurrences = await fetchSeriesEvents(config, seriesId);
    const withVenue = await lookUpVenues(config, occurrences);
    show = toSyncedSeries(parent, occurrences.map(withVenue), { ...mapOptions, today });
    if (!show) return { refreshed: false, counts: null, reason: "no future date in the series" };
  } else {
    show = toSyncedShow(event, mapOptions);
  }
  const counts = upsertSyncedShows(
    [show],
    { today, now: readAt, origin: options.origin ?? configuredOrigin(), audit: "sync.webhook" },
    database,
  );
  return { refreshed: true, counts };
}

/** Retries of a job that failed for a passing reason: 5 s, 10 s, 20 s... at most 6 tries. */
const RETRY_BASE_MS = 5_000;
const MAX_ATTEMPTS = 6;
const LEASE_MS = 2 * 60_000;

/** The platform's answer will not change by asking again (a 4xx other than 429). */
function isFinal(error: unknown): boolean {
  if (!(error instanceof EventbriteError)) return false;
  const f = error.failure;
  return (
    f.kind === "not-found" ||
    f.kind === "unauthorized" ||
    f.kind === "unexpected-shape" ||
    f.kind === "not-configured" ||
    (f.kind === "http" && f.status < 500)
  );
}

/**
 * Processes one job: reads the resource the delivery named (an order, an attendee, a ticket
 * class: which event it belongs to) and refreshes that event, unless a refresh that read the
 * platform after this delivery arrived already did (a burst of deliveries for one event).
 */
export async function processTicketingJob(
  job: TicketingJob,
  options: { config?: EventbriteConfig; database?: DB; refreshedAt?: Map<string, number> } = {},
): Promise<string | null> {
  const config = options.config ?? eventbriteConfigFromEnv();
  const target = targetOfPath(job.apiPath);
  if (!target) return null;
  let eventId: string;
  if (target.kind === "event") eventId = target.eventId;
  else {
    // Never the delivery's word: the resource as the platform gives it to the site's token.
    const resource = await fetchResource(config, target.path);
    if (!resource.event_id) return null;
    eventId = resource.event_id;
  }
  const refreshedAt = options.refreshedAt ?? new Map<string, number>();
  if ((refreshedAt.get(eventId) ?? 0) >= job.receivedAt.getTime()) return eventId;
  const readAt = new Date();
  const result = await refreshPlatformEvent(eventId, { config, database: options.database, now: readAt });
  // The attendees too, where a round, a partner report or a comic's draw needs them.
  const performance = attendeeTargetOf(eventId, options.database);
  if (performance) await refreshAttendees(performance, { config, database: options.database });
  refreshedAt.set(eventId, readAt.getTime());
  logger().info(
    {
      action: job.action,
      eventId,
      refreshed: result.refreshed,
      reason: result.reason,
      ms: Date.now() - readAt.getTime(),
    },
    "ticketing webhook handled",
  );
  return eventId;
}

/** One pass over the due jobs; answers how many were done. */
export async function processDueJobs(
  options: {
    config?: EventbriteConfig;
    database?: DB;
    refreshedAt?: Map<string, number>;
    stopping?: () => boolean;
  } = {},
): Promise<number> {
  const database = options.database ?? db();
  let done = 0;
  for (;;) {
    if (options.stopping?.()) return done;
    const batch = claimDueJobs(new Date(), LEASE_MS, 10, database);
    if (batch.length === 0) return done;
    for (const job of batch) {
      try {
        const eventId = await processTicketingJob(job, { ...options, database });
        markJobDone(job, eventId, new Date(), database);
        done++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retry =
          !isFinal(error) && job.attempts + 1 < MAX_ATTEMPTS
            ? new Date(Date.now() + RETRY_BASE_MS * 2 ** job.attempts)
            : null;
        markJobFailed(job, message, retry, database);
        logger().warn({ err: error, job: job.id, action: job.action, retry }, "ticketing webhook job failed");
      }
    }
  }
}

/**
 * The worker inside the server: woken by every delivery the route stores (through the
 * globalThis hook), and polling for retries and for jobs a crash left behind. One pass at a
 * time. Answers its stop function.
 */
export function startTicketingWorker(
  options: { pollMs?: number; config?: EventbriteConfig; database?: DB } = {},
) {
  const id = crypto.randomUUID().slice(0, 8);
  const refreshedAt = new Map<string, number>();
  let pass: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = async () => {
    if (stopped) return;
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      try {
        do {
          again = false;
          await processDueJobs({ ...options, refreshedAt, stopping: () => stopped });
        } while (again && !stopped);
        // Forget what no burst can reach any more.
        const old = Date.now() - 10 * 60_000;
        for (const [k, t] of refreshedAt) if (t < old) refreshedAt.delete(k);
      } catch (error) {
        logger().error({ err: error, worker: id }, "ticketing worker pass failed");
      } finally {
        pass = null;
      }
    })();
    return pass;
  };
  const timer = setInterval(() => void run(), options.pollMs ?? 15_000);
  timer.unref();
  const cleanup = setInterval(() => {
    try {
      deleteOldJobs(new Date(Date.now() - 7 * 24 * 60 * 60_000), options.database);
      // The ticket holders' retention (ATTENDEE_RETENTION_DAYS), applied every hour.
      deleteExpiredHolders(todayIn(getEnv().APP_TIMEZONE), options.database);
    } catch (error) {
      logger().warn({ err: error }, "ticketing clean-up failed");
    }
  }, 60 * 60_000);
  cleanup.unref();
  setTicketingWake(() => void run());
  void run();
  return {
    run,
    stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(cleanup);
      setTicketingWake(undefined);
    },
  };
}
