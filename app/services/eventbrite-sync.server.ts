import { randomUUID } from "node:crypto";
import os from "node:os";
import { todayIn } from "~/lib/dates";
import {
  eventbriteEventsPageSchema,
  eventbriteVenueSchema,
  toSyncedSeries,
  toSyncedShow,
  venueToLookUp,
  type EventbriteEvent,
  type EventbriteVenue,
  type SyncedShow,
} from "~/lib/eventbrite";
import { syncFailureMessage, syncSuccessMessage, type SyncFailure } from "~/lib/eventbrite-sync";
import { SITE } from "~/lib/site";
import { currentLockHolder, releaseLock, tryAcquireLock } from "~/models/job-locks.server";
import { ingestPendingImages } from "~/models/show-images.server";
import type { StaffIdentity } from "~/models/staff.server";
import { recordFailedSync, upsertSyncedShows, type UpsertCounts } from "~/models/sync.server";
import { db, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { configuredOrigin } from "~/utils/origin.server";
import { OutboundFetchError, safeFetchText } from "~/utils/safe-fetch.server";

export const SYNC_LOCK = "eventbrite-sync";
/** Longer than any run (pages × timeout is bounded well below); a crashed holder's lock lapses. */
const SYNC_LOCK_TTL_MS = 10 * 60_000;

/** Generous for one page of a slow API, short enough for a person waiting on a button. */
const REQUEST_TIMEOUT_MS = 15_000;
const VENUE_TIMEOUT_MS = 5_000;
/** A safety stop: 100 pages of 50 events is far beyond any promoter's live list. */
const MAX_PAGES = 100;

export class SyncError extends Error {
  constructor(public readonly failure: SyncFailure) {
    super(syncFailureMessage(failure));
    this.name = "SyncError";
  }
}

export type SyncConfig = {
  apiUrl: string;
  token?: string;
  organizationId?: string;
  timeoutMs?: number;
  venueTimeoutMs?: number;
};

export type SyncOutcome =
  | { ok: true; message: string; counts: UpsertCounts; pages: number }
  | { ok: false; message: string; failure: SyncFailure };

function configFromEnv(): SyncConfig {
  const env = getEnv();
  return {
    apiUrl: env.EVENTBRITE_API_URL,
    token: env.EVENTBRITE_TOKEN,
    organizationId: env.EVENTBRITE_ORGANIZATION_ID,
  };
}

function endpoint(apiUrl: string, path: string, params: Record<string, string> = {}) {
  const url = new URL(apiUrl.replace(/\/+$/, "") + path);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

function fromFetchError(error: unknown, timeoutMs: number): SyncFailure {
  if (!(error instanceof OutboundFetchError)) {
    return { kind: "network", detail: error instanceof Error ? error.message : String(error) };
  }
  switch (error.kind) {
    case "timeout":
      return { kind: "timeout", seconds: Math.round(timeoutMs / 100) / 10 };
    case "too-large":
      return { kind: "too-large" };
    case "refused":
      return { kind: "refused", detail: error.message };
    case "network":
      return { kind: "network", detail: error.message };
    case "http": {
      const status = error.status ?? 0;
      if (status === 401 || status === 403) return { kind: "unauthorized", status };
      if (status === 404) return { kind: "not-found", status };
      if (status === 429) return { kind: "rate-limited", retryAfterSeconds: error.retryAfterSeconds };
      if (status >= 500) return { kind: "server-error", status };
      return { kind: "http", status };
    }
  }
}

async function getJson(url: string, token: string, timeoutMs: number): Promise<unknown> {
  let text: string;
  try {
    ({ text } = await safeFetchText(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      timeoutMs,
      maxBytes: 5 * 1024 * 1024,
      trusted: true,
    }));
  } catch (error) {
    throw new SyncError(fromFetchError(error, timeoutMs));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new SyncError({ kind: "malformed-json" });
  }
}

/** Every page of a list endpoint, following `continuation` to the last page. */
async function fetchAllPages(
  config: SyncConfig,
  path: string,
  baseParams: Record<string, string>,
): Promise<{ events: EventbriteEvent[]; pages: number }> {
  const token = config.token!;
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const all: EventbriteEvent[] = [];
  const seen = new Set<string>();
  let continuation: string | undefined;
  let pages = 0;
  for (;;) {
    if (pages >= MAX_PAGES) throw new SyncError({ kind: "endless-pagination", pages });
    const params: Record<string, string> = { ...baseParams };
    if (continuation) params.continuation = continuation;
    const body = await getJson(endpoint(config.apiUrl, path, params), token, timeoutMs);
    const parsed = eventbriteEventsPageSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new SyncError({
        kind: "unexpected-shape",
        detail: `${issue.path.join(".") || "body"}: ${issue.message}`,
      });
    }
    pages++;
    all.push(...parsed.data.events);
    const next = parsed.data.pagination;
    if (!next?.has_more_items || !next.continuation) break;
    // A continuation that comes back again would loop forever.
    if (seen.has(next.continuation)) throw new SyncError({ kind: "endless-pagination", pages });
    seen.add(next.continuation);
    continuation = next.continuation;
  }
  return { events: all, pages };
}

/**
 * Every current event of the organisation: live ones and those called off (a cancelled show
 * that was public stays listed as cancelled), series parents included so that their dates
 * can be asked for; following `continuation` to the last page.
 */
export async function fetchOrganizationEvents(
  config: SyncConfig,
): Promise<{ events: EventbriteEvent[]; pages: number }> {
  const missing = [
    !config.token && "EVENTBRITE_TOKEN",
    !config.organizationId && "EVENTBRITE_ORGANIZATION_ID",
  ].filter((v): v is string => Boolean(v));
  if (missing.length) throw new SyncError({ kind: "not-configured", missing });
  return fetchAllPages(config, `/organizations/${encodeURIComponent(config.organizationId!)}/events/`, {
    status: "live,started,canceled",
    time_filter: "current_future",
    show_series_parent: "true",
    expand: "venue,ticket_availability,logo",
  });
}

/** A series' current and future occurrences (GET /series/{id}/events/). */
export async function fetchSeriesEvents(config: SyncConfig, seriesId: string): Promise<EventbriteEvent[]> {
  const { events } = await fetchAllPages(config, `/series/${encodeURIComponent(seriesId)}/events/`, {
    time_filter: "current_future",
    order_by: "start_asc",
    expand: "venue,ticket_availability,logo",
  });
  return events;
}

/** A venue by id (address included); any failure just means "TBA" without an address. */
export async function lookUpVenue(config: SyncConfig, venueId: string): Promise<EventbriteVenue | null> {
  try {
    const body = await getJson(
      endpoint(config.apiUrl, `/venues/${encodeURIComponent(venueId)}/`),
      config.token ?? "",
      config.venueTimeoutMs ?? VENUE_TIMEOUT_MS,
    );
    const venue = eventbriteVenueSchema.parse(body);
    return venue.name?.trim() ? { ...venue, id: venue.id ?? venueId } : null;
  } catch (error) {
    const reason =
      error instanceof SyncError ? error.failure : error instanceof Error ? error.message : String(error);
    logger().warn({ venueId, reason }, "venue lookup failed (venue shown as TBA)");
    return null;
  }
}

/**
 * Fetches and maps: venue look-ups run once per distinct missing venue; a series parent
 * becomes one recurring show from its occurrences; occurrences listed on their own next to
 * their parent are folded into it.
 */
export async function fetchSyncedShows(
  config: SyncConfig,
  options: { today?: string; businessZone?: string } = {},
): Promise<{ shows: SyncedShow[]; pages: number }> {
  const businessZone = options.businessZone ?? getEnv().APP_TIMEZONE;
  const today = options.today ?? todayIn(businessZone);
  const { events, pages } = await fetchOrganizationEvents(config);
  const parents = events.filter((e) => e.is_series_parent);
  const parentIds = new Set(parents.map((p) => p.series_id || p.id));
  const singles = events.filter((e) => !e.is_series_parent && !(e.series_id && parentIds.has(e.series_id)));
  const occurrences = new Map<string, EventbriteEvent[]>();
  for (const parent of parents) {
    const id = parent.series_id || parent.id;
    occurrences.set(id, await fetchSeriesEvents(config, id));
  }
  const all = [...events, ...[...occurrences.values()].flat()];
  const venueIds = [...new Set(all.map(venueToLookUp).filter((v): v is string => v !== null))];
  const venues = new Map<string, EventbriteVenue | null>();
  await Promise.all(venueIds.map(async (id) => venues.set(id, await lookUpVenue(config, id))));
  const withVenue = (ev: EventbriteEvent): EventbriteEvent => {
    const id = venueToLookUp(ev);
    const found = id ? venues.get(id) : null;
    return found ? { ...ev, venue: found } : ev;
  };
  const mapOptions = { fallbackImage: SITE.fallbackImage, businessZone };
  const shows: SyncedShow[] = singles.map((ev) => toSyncedShow(withVenue(ev), mapOptions));
  for (const parent of parents) {
    const series = toSyncedSeries(
      withVenue(parent),
      (occurrences.get(parent.series_id || parent.id) ?? []).map(withVenue),
      {
        ...mapOptions,
        today,
      },
    );
    if (series) shows.push(series);
  }
  return { shows, pages };
}

/**
 * One sync run, as the dashboard button and `npm run sync` use it: never throws for the
 * platform's failures, stores nothing unless every page arrived and parsed, logs one line.
 */
export async function runEventbriteSync(
  options: {
    staff?: StaffIdentity | null;
    config?: SyncConfig;
    database?: DB;
    now?: Date;
    /** The site's origin for waitlist e-mail links (the request's; else PUBLIC_URL). */
    origin?: string;
  } = {},
): Promise<SyncOutcome> {
  const config = options.config ?? configFromEnv();
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
    const { shows, pages } = await fetchSyncedShows(config, { today, businessZone: zone });
    const counts = upsertSyncedShows(
      shows,
      { today, now, staff: options.staff, pages, origin: options.origin ?? configuredOrigin() },
      database,
    );
    const message = syncSuccessMessage(counts.synced, counts.waitlistQueued);
    log.info({ ...counts, pages, ms: Date.now() - started }, "eventbrite sync finished");
    return { ok: true, message, counts, pages };
  } catch (error) {
    if (!(error instanceof SyncError)) {
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
): Promise<{ outcome: SyncOutcome; images: Promise<unknown> }> {
  // A second press while this process is syncing waits for that run and reports it, rather
  // than "another sync is running": its answer then means the shows are stored.
  const outcome = await (inFlight ??= runEventbriteSync(options).finally(() => (inFlight = null)));
  const images = outcome.ok
    ? ingestPendingImages(20, options.database ?? db()).catch((err) =>
        logger().warn({ err }, "show images after sync failed"),
      )
    : Promise.resolve();
  return { outcome, images };
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
