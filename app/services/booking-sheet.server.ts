import { BOOKING_FALLBACK_MESSAGE, SAMPLE_BOOKING, staleCopyNotice, type BookingTable } from "~/lib/booking";
import { parseBookingCsv } from "~/lib/booking-csv";
import { readExternalCache, writeExternalCache } from "~/models/external-cache.server";
import { db, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { safeFetchText } from "~/utils/safe-fetch.server";

/** A copy younger than this is served without asking the sheet again. */
export const BOOKING_FRESH_MS = 60_000;
const FETCH_TIMEOUT_MS = 8_000;

export type BookingView = {
  /** sheet: just fetched; cache: the stored copy; sample: the five sample rows. */
  source: "sheet" | "cache" | "sample";
  table: BookingTable;
  /** When the rows shown were read from the sheet (ISO), null for samples. */
  fetchedAt: string | null;
  /** A notice to show over the table (a stale copy's age, or the fallback banner). */
  notice: string | null;
  /** BOOKING_SHEET_URL is not set: the samples are all there is. */
  unconfigured: boolean;
  /** A background refresh started with this answer; asking again shortly shows its result. */
  refreshing: boolean;
};

type Cached = { table: BookingTable; fetchedAt: number };
type RefreshResult = { ok: true; cached: Cached } | { ok: false; message: string };

/** Per sheet URL: the refresh in flight (so concurrent readers share one) and the last failure. */
const inFlight = new Map<string, Promise<RefreshResult>>();
const lastFailure = new Map<string, number>();

/** For tests: forget in-memory refresh state. */
export function resetBookingSheetState() {
  inFlight.clear();
  lastFailure.clear();
}

const cacheKey = (url: string) => `booking-sheet ${url}`;

function readCache(url: string, database: DB): Cached | null {
  const row = readExternalCache(cacheKey(url), database);
  if (!row) return null;
  try {
    const table = JSON.parse(row.body) as BookingTable;
    if (!Array.isArray(table.columns) || !Array.isArray(table.rows)) return null;
    return { table, fetchedAt: row.fetchedAt.getTime() };
  } catch {
    return null;
  }
}

function writeCache(url: string, cached: Cached, database: DB) {
  writeExternalCache(cacheKey(url), JSON.stringify(cached.table), new Date(cached.fetchedAt), database);
}

/** Fetches and parses the sheet; a good copy replaces the cache. One refresh per URL at a time. */
function refresh(url: string, database: DB, timeoutMs = FETCH_TIMEOUT_MS): Promise<RefreshResult> {
  const running = inFlight.get(url);
  if (running) return running;
  const started = Date.now();
  const job = (async (): Promise<RefreshResult> => {
    try {
      const { text } = await safeFetchText(url, {
        timeoutMs,
        headers: { Accept: "text/csv" },
        trusted: true,
      });
      const cached = { table: parseBookingCsv(text), fetchedAt: Date.now() };
      writeCache(url, cached, database);
      lastFailure.delete(url);
      return { ok: true, cached };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      lastFailure.set(url, Date.now());
      logger().warn({ err: message, ms: Date.now() - started }, "booking sheet fetch failed");
      return { ok: false, message };
    } finally {
      inFlight.delete(url);
    }
  })();
  inFlight.set(url, job);
  return job;
}

/**
 * The booking schedule with stale-while-revalidate: a stored copy is served at once, and
 * when it is older than a minute a refresh runs in the background. Without a copy (or when
 * `force`d by the Refresh button) the sheet is read while the request waits. A failure
 * never breaks the page: the last good copy with its age, or the sample rows and the
 * spec's banner when there is no copy at all.
 */
export async function getBookingSchedule(
  options: { force?: boolean; url?: string | null; database?: DB; now?: number; timeoutMs?: number } = {},
): Promise<BookingView> {
  const url = options.url === undefined ? getEnv().BOOKING_SHEET_URL : options.url;
  const database = options.database ?? db();
  const now = options.now ?? Date.now();
  if (!url) {
    return {
      source: "sample",
      table: SAMPLE_BOOKING,
      fetchedAt: null,
      notice: null,
      unconfigured: true,
      refreshing: false,
    };
  }
  const cached = readCache(url, database);
  if (options.force || !cached) {
    const result = await refresh(url, database, options.timeoutMs);
    if (result.ok) return view("sheet", result.cached, null, false);
    if (cached) return view("cache", cached, staleCopyNotice(Date.now() - cached.fetchedAt), false);
    return {
      source: "sample",
      table: SAMPLE_BOOKING,
      fetchedAt: null,
      notice: BOOKING_FALLBACK_MESSAGE,
      unconfigured: false,
      refreshing: false,
    };
  }
  const age = now - cached.fetchedAt;
  const failedAt = lastFailure.get(url);
  const failedSinceCopy = failedAt !== undefined && failedAt >= cached.fetchedAt;
  // After a failure, wait a fresh-window before asking the sheet again (no hammering).
  const backingOff = failedAt !== undefined && now - failedAt < BOOKING_FRESH_MS;
  let refreshing = false;
  if (age > BOOKING_FRESH_MS && !backingOff) {
    refreshing = true;
    void refresh(url, database, options.timeoutMs);
  }
  return view("cache", cached, failedSinceCopy ? staleCopyNotice(age) : null, refreshing);
}

function view(
  source: BookingView["source"],
  cached: Cached,
  notice: string | null,
  refreshing: boolean,
): BookingView {
  return {
    source,
    table: cached.table,
    fetchedAt: new Date(cached.fetchedAt).toISOString(),
    notice,
    unconfigured: false,
    refreshing,
  };
}
