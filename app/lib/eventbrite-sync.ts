import type { SyncedShow } from "./eventbrite";

/** The sync's bookkeeping and messages; the API shapes and mappers are in ./eventbrite. */
/** The fields a sync writes; staff edits protect all of them (see docs/decisions/sync-and-booking.md). */
export const SYNCED_FIELDS = [
  "title",
  "description",
  "summary",
  "date",
  "time",
  "venue",
  "imageUrl",
  "ticketUrl",
  "price",
] as const satisfies readonly (keyof SyncedShow)[];

/** What the dashboard's sync area shows (built by getSyncStatus in app/models/sync.server.ts). */
export type SyncStatus = {
  /** ISO instant of the latest sync that touched a show, or null. */
  lastSyncedAt: string | null;
  /** Active synced shows that staff edited: the sync leaves their fields alone. */
  staffEdited: { id: number; title: string; date: string; staffEditedAt: string }[];
  /** The latest run (button, `npm run sync` or the schedule): when it finished and what it changed. */
  lastRun: SyncRunSummary | null;
};

export type SyncRunSummary = {
  finishedAt: string;
  ok: boolean;
  /** Who ran it: a staff username, or "system" for the schedule. */
  actor: string;
  /** "3 new, 2 updated, 1 sold out" or the failure message. */
  summary: string;
  /** "created: Title", "sold out: Title", ... (at most 50). */
  changes: string[];
};

/** One line for a run's audit entry (`after` of a "sync.run"). */
export function summarizeSyncRun(after: unknown): { ok: boolean; summary: string; changes: string[] } {
  const a = (after ?? {}) as Record<string, unknown>;
  if (a.ok !== true) {
    // The reason only: the page already shows the full "Failed to sync events: ..." message once.
    const reason = String(a.message ?? "unknown reason").replace(SYNC_FAILED_PREFIX, "");
    return { ok: false, summary: reason, changes: [] };
  }
  const n = (k: string) => (typeof a[k] === "number" ? (a[k] as number) : 0);
  const parts = [
    `${n("created")} new`,
    `${n("updated")} updated`,
    n("soldOut") ? `${n("soldOut")} sold out` : null,
    n("reopened") ? `${n("reopened")} available again` : null,
    n("waitlistQueued") ? `${n("waitlistQueued")} waitlist e-mails` : null,
    n("hidden") ? `${n("hidden")} hidden` : null,
    n("venuesCreated") ? `${n("venuesCreated")} new venues` : null,
  ].filter(Boolean);
  const problems = Array.isArray(a.seriesFailures) ? a.seriesFailures.length : 0;
  if (problems) parts.push(`${problems} series not read`);
  const changes = Array.isArray(a.changes) ? a.changes.map(String) : [];
  return { ok: true, summary: parts.join(", "), changes };
}

// ---- Outcome messages (the spec's texts) ----

export type SyncFailure =
  | { kind: "not-configured"; missing: string[] }
  | { kind: "unauthorized"; status: number }
  | { kind: "not-found"; status: number }
  | { kind: "rate-limited"; retryAfterSeconds?: number }
  | { kind: "server-error"; status: number }
  | { kind: "http"; status: number }
  | { kind: "timeout"; seconds: number }
  | { kind: "network"; detail: string }
  | { kind: "too-large" }
  | { kind: "refused"; detail: string }
  | { kind: "malformed-json" }
  | { kind: "unexpected-shape"; detail: string }
  | { kind: "endless-pagination"; pages: number }
  | { kind: "busy" };

export const SYNC_FAILED_PREFIX = "Failed to sync events: ";

export function syncSuccessMessage(count: number, waitlistQueued = 0): string {
  if (count === 0)
    return "No events to sync from the external ticketing platform. The API server might be unavailable.";
  const told = waitlistQueued
    ? `. Tickets are available again: ${waitlistQueued} waiting ${waitlistQueued === 1 ? "person is" : "people are"} being e-mailed.`
    : "";
  return `Successfully synced ${count} events from the external ticketing platform${told}`;
}

/** One series whose dates could not be read: the rest of the sync goes on without it. */
export type SeriesFailure = { seriesId: string; title: string; failure: SyncFailure };

/**
 * A sync's message followed by what it says about the series it could not read (issue 41):
 * each series' name and why (never the organisation's 404 message), and that it keeps its dates.
 */
export function withSeriesFailures(message: string, failures: readonly SeriesFailure[]): string {
  if (failures.length === 0) return message;
  const each = failures.map(({ title, seriesId, failure }) => {
    const why =
      failure.kind === "not-found"
        ? `the ticketing platform does not know series ${seriesId} (HTTP ${failure.status})`
        : describeFailure(failure).replace(/\.$/, "");
    return `"${title}": ${why}`;
  });
  const one = failures.length === 1;
  const what = one
    ? "One series could not be read and keeps its"
    : `${failures.length} series could not be read and keep their`;
  return `${message.replace(/\.?$/, ".")} ${what} last synced dates: ${each.join("; ")}.`;
}

/** "Failed to sync events: ..." with a reason a promoter can act on. */
export function syncFailureMessage(failure: SyncFailure): string {
  return SYNC_FAILED_PREFIX + describeFailure(failure);
}

function describeFailure(f: SyncFailure): string {
  switch (f.kind) {
    case "not-configured":
      return `the ticketing platform is not configured (set ${f.missing.join(" and ")}).`;
    case "unauthorized":
      return `the ticketing platform refused the API token (HTTP ${f.status}). Check EVENTBRITE_TOKEN.`;
    case "not-found":
      return `the ticketing platform does not know this organization (HTTP ${f.status}). Check EVENTBRITE_ORGANIZATION_ID.`;
    case "rate-limited":
      return f.retryAfterSeconds
        ? `the ticketing platform is limiting requests (HTTP 429). Try again in ${f.retryAfterSeconds} seconds.`
        : "the ticketing platform is limiting requests (HTTP 429). Try again in a few minutes.";
    case "server-error":
      return `the ticketing platform had a server error (HTTP ${f.status}). Try again later.`;
    case "http":
      return `the ticketing platform answered HTTP ${f.status}.`;
    case "timeout":
      return `the ticketing platform did not answer within ${f.seconds} seconds.`;
    case "network":
      return `could not connect to the ticketing platform (${f.detail}).`;
    case "too-large":
      return "the ticketing platform's answer was too large.";
    case "refused":
      return `the ticketing platform address was refused (${f.detail}).`;
    case "malformed-json":
      return "the ticketing platform's answer was not valid JSON.";
    case "unexpected-shape":
      return `the ticketing platform's answer had an unexpected shape (${f.detail}).`;
    case "busy":
      return "another sync is running right now. Try again in a minute.";
    case "endless-pagination":
      return `the ticketing platform kept returning more pages (stopped after ${f.pages}).`;
  }
}
