import { randomUUID } from "node:crypto";
import os from "node:os";
import { todayIn } from "~/lib/dates";
import { seriesIdOf, toSyncedSeries, toSyncedShow, type SyncedShow } from "~/lib/eventbrite";
import type { EventbriteEvent } from "~/lib/eventbrite-schemas";
import {
  syncFailureMessage,
  syncSuccessMessage,
  type SeriesFailure,
  type SyncFailure,
  withSeriesFailures,
} from "~/lib/eventbrite-sync";
import { SITE } from "~/lib/site";
import { currentLockHolder, releaseLock, tryAcquireLock } from "~/models/job-locks.server";
import type { StaffIdentity } from "~/models/staff.server";
import { recordFailedSync, upsertSyncedShows, type UpsertCounts } from "~/models/sync.server";
import { db, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { configuredOrigin } from "~/utils/origin.server";
import {
  EventbriteError,
  eventbriteConfigFromEnv,
  fetchOrganizationEvents,
  fetchSeriesEvents,
  lookUpVenues,
  type EventbriteConfig,
} from "./eventbrite-client.server";
import { ingestPendingImages } from "./image-links.server";
import { refreshAllAttendees } from "./ticket-holders.server";

export const SYNC_LOCK = "eventbrite-sync";
/** Longer than any run (pages × timeout is bounded well below); a crashed holder's lock lapses. */
const SYNC_LOCK_TTL_MS = 10 * 60_000;

export type SyncOutcome =
  | { ok: true; message: string; counts: UpsertCounts; pages: number; seriesFailures: SeriesFailure[] }
  | { ok: false; message: string; failure: SyncFailure };

/**
 * Fetches (through the one client) and maps (through the one mapper): venue look-ups run
 * once per distinct missing venue; a series parent becomes one recurring show from its
 * occurrences; occurrences listed on their own next to their parent are folded into it.
 */
export async function fetchSyncedShows(
  config: EventbriteConfig,
  options: { today?: string; businessZone?: string; now?: Date } = {},
): Promise<{ shows: SyncedShow[]; pages: number; seriesFailures: SeriesFailure[] }> {
  const businessZone = options.businessZone ?? getEnv().APP_TIMEZONE;
  const today = options.today ?? todayIn(businessZone);
  const { events, pages } = await fetchOrganizationEvents(config);
  const parents = events.filter((e) => e.is_series_parent);
  const occurrences = new Map<string, EventbriteEvent[]>();
  // One series' failure (a 404 for its dates, a timeout) is that series' alone: the rest of
  // the sync goes on, and the series and its dates listed on their own are left as stored.
  const seriesFailures: SeriesFailure[] = [];
  for (const id of new Set(parents.map(seriesIdOf))) {
    try {
      occurrences.set(id, await fetchSeriesEvents(config, id));
    } catch (error) {
      if (!(error instanceof EventbriteError)) throw error;
      const title = parents.find((p) => seriesIdOf(p) === id)?.name.text?.trim() || `series ${id}`;
      seriesFailures.push({ seriesId: id, title, failure: error.failure });
    }
  }
  const failed = new Set(seriesFailures.map((f) => f.seriesId));
  const withVenue = await lookUpVenues(config, [...events, ...[...occurrences.values()].flat()]);
  const mapOptions = { fallbackImage: SITE.fallbackImage, businessZone, now: options.now ?? new Date() };
  const shows: SyncedShow[] = events
    .filter(
      (e) =>
        !e.is_series_parent && !(e.series_id && (occurrences.has(e.series_id) || failed.has(e.series_id))),
    )
    .map((ev) => toSyncedShow(withVenue(ev), mapOptions));
  for (const parent of parents) {
    if (failed.has(seriesIdOf(parent))) continue;
    const dates = (occurrences.get(seriesIdOf(parent)) ?? []).map(withVenue);
    const series = toSyncedSeries(withVenue(parent), dates, { ...mapOptions, today });
    if (series) shows.push(series);
  }
  return { shows, pages, seriesFailures };
}

/**
 * One sync run, as the dashboard button and `npm run sync` use it: never throws for the
 * platform's failures, stores nothing unless every page arrived and parsed, logs one line.
 */
export async function runEventbriteSync(
  options: {
    staff?: StaffIdentity | null;
    config?: EventbriteConfig;
    database?: DB;
    now?: Date;
    /** The site's origin for waitlist e-mail links (the request's; else PUBLIC_URL). */
    origin?: string;
  } = {},
): Promise<SyncOutcome> {
  const config = options.config ?? eventbriteConfigFromEnv();
  const database = options.database ?? db();
  const now = options.now ?? new Date();
  const log = logger();
  const started = Date.now();
  // One run at a time across every process on this database (dashboard, CLI, schedule).
  const holder = lockHolder();
  if (!tryAcquireLock(SYNC_LOCK, holder, SYNC_LOCK_TTL_MS, database)) {
    const failure: SyncFailure = { kind: "busy" };
    log.info("eventbrite sync skipped: another run holds the lock");
    return { ok: false, message: syncFailureMessage(failure), failure };
  }
  try {
    const zone = getEnv().APP_TIMEZONE;
    const today = todayIn(zone, now);
    const { shows, pages, seriesFailures } = await fetchSyncedShows(config, {
      today,
      businessZone: zone,
      now,
    });
    const counts = upsertSyncedShows(
      shows,
      {
        today,
        now,
        staff: options.staff,
        pages,
        origin: options.origin ?? configuredOrigin(),
        seriesFailures,
      },
      database,
    );
    const message = withSeriesFailures(
      syncSuccessMessage(counts.synced, counts.waitlistQueued),
      seriesFailures,
    );
    log.info({ ...counts, pages, seriesFailures, ms: Date.now() - started }, "eventbrite sync finished");
    return { ok: true, message, counts, pages, seriesFailures };
  } catch (error) {
    if (!(error instanceof EventbriteError)) {
      log.error({ err: error }, "eventbrite sync crashed");
      const message = `Failed to sync events: ${error instanceof Error ? error.message : String(error)}`;
      safeRecordFailure(options.staff, message, database);
      return { ok: false, message, failure: { kind: "network", detail: String(error) } };
    }
    log.warn({ failure: error.failure, ms: Date.now() - started }, "eventbrite sync failed");
    safeRecordFailure(options.staff, error.message, database);
    return { ok: false, message: error.message, failure: error.failure };
  } finally {
    releaseLock(SYNC_LOCK, holder, database);
  }
}

function safeRecordFailure(staff: StaffIdentity | null | undefined, message: string, database: DB) {
  try {
    recordFailedSync({ staff, message }, database);
  } catch {
    /* the audit is a record, not a reason to fail the request */
  }
}

/**
 * A sync run as the site runs it (dashboard button, schedule, `npm run sync`): after a
 * successful run the platform's new images are fetched once and processed in the
 * background (bounded queue). Tests call runEventbriteSync alone, so no image is fetched.
 */
export async function syncShowsAndImages(
  options: Parameters<typeof runEventbriteSync>[0] = {},
): Promise<{ outcome: SyncOutcome; images: Promise<unknown>; attendees: Promise<unknown> }> {
  // A second press while this process is syncing waits for that run and reports it, rather
  // than "another sync is running": its answer then means the shows are stored.
  const outcome = await (inFlight ??= runEventbriteSync(options).finally(() => (inFlight = null)));
  const images = outcome.ok
    ? ingestPendingImages(20, options.database ?? db()).catch((err) =>
        logger().warn({ err }, "show images after sync failed"),
      )
    : Promise.resolve();
  // Issue 41: the attendees the rounds, partner reports and draws need, after the shows.
  const attendees = outcome.ok
    ? refreshAllAttendees({ config: options.config, database: options.database }).catch((err) =>
        logger().warn({ err }, "attendees after sync failed"),
      )
    : Promise.resolve();
  return { outcome, images, attendees };
}

let inFlight: Promise<SyncOutcome> | null = null;

/** "host:pid:random": lets a restarted server release the lock of its own crashed process. */
function lockHolder() {
  return `${os.hostname()}:${process.pid}:${randomUUID()}`;
}

/**
 * At start: a lock held by a process of this machine that no longer runs (killed mid-sync)
 * is released at once instead of blocking every sync until it lapses.
 */
export function releaseStaleSyncLock(database: DB = db()) {
  const held = currentLockHolder(SYNC_LOCK, database);
  if (!held) return;
  const [host, pid] = held.split(":");
  if (host !== os.hostname() || !/^\d+$/.test(pid ?? "")) return;
  if (Number(pid) === process.pid || processRuns(Number(pid))) return;
  releaseLock(SYNC_LOCK, held, database);
  logger().warn({ holder: held }, "released the sync lock of a process that no longer runs");
}

function processRuns(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
