import type { z } from "zod";
import { venueToLookUp } from "~/lib/eventbrite";
import {
  eventbriteEventSchema,
  eventbriteAttendeesPageSchema,
  eventbriteEventsPageSchema,
  eventbriteResourceSchema,
  eventbriteTicketClassesPageSchema,
  eventbriteVenueSchema,
  type EventbriteAttendee,
  type EventbriteEvent,
  type EventbriteTicketClass,
  type EventbriteVenue,
} from "~/lib/eventbrite-schemas";
import { syncFailureMessage, type SyncFailure } from "~/lib/eventbrite-sync";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { OutboundFetchError, safeFetchText } from "~/utils/safe-fetch.server";

/**
 * The ONE client of the ticketing platform (Eventbrite API v3), used by the sync
 * (./eventbrite-sync.server) and by load-from-URL (./event-lookup.server): every call goes
 * through `getParsed` (the configured origin only, a timeout, a size limit, the bearer
 * token, the answer parsed with zod) and fails with an EventbriteError that says why.
 */

export type EventbriteConfig = {
  /** EVENTBRITE_API_URL: configuration, so trusted (it may be a local fake in tests). */
  apiUrl: string;
  token?: string;
  organizationId?: string;
  /** Overrides every call's own timeout (tests). */
  timeoutMs?: number;
  venueTimeoutMs?: number;
};

/** Generous for one page of a slow API, short enough for a person waiting on a button. */
const PAGE_TIMEOUT_MS = 15_000;
/** One event for the staff form: a person waits on it. */
const EVENT_TIMEOUT_MS = 8_000;
const VENUE_TIMEOUT_MS = 5_000;
const MAX_BYTES = 5 * 1024 * 1024;
/** A safety stop: 100 pages of 50 events is far beyond any promoter's live list. */
const MAX_PAGES = 100;
/** What every event call asks the platform to include (ticket classes: the seats, issue 41). */
const EXPAND = "venue,ticket_availability,logo,ticket_classes";

/** A platform failure in the dashboard's terms (the sync shows its message). */
export class EventbriteError extends Error {
  constructor(public readonly failure: SyncFailure) {
    super(syncFailureMessage(failure));
    this.name = "EventbriteError";
  }
}

export function eventbriteConfigFromEnv(): EventbriteConfig {
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

/** One authenticated GET on the configured API, its JSON answer parsed with `schema`. */
async function getParsed<S extends z.ZodTypeAny>(
  config: EventbriteConfig,
  path: string,
  params: Record<string, string>,
  schema: S,
  defaultTimeoutMs: number,
): Promise<z.output<S>> {
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (config.token) headers.Authorization = `Bearer ${config.token}`;
  let text: string;
  try {
    ({ text } = await safeFetchText(endpoint(config.apiUrl, path, params), {
      headers,
      timeoutMs,
      maxBytes: MAX_BYTES,
      // The host is EVENTBRITE_API_URL (configuration); only ids come from elsewhere.
      trusted: true,
    }));
  } catch (error) {
    throw new EventbriteError(fromFetchError(error, timeoutMs));
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EventbriteError({ kind: "malformed-json" });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EventbriteError({
      kind: "unexpected-shape",
      detail: `${issue.path.join(".") || "body"}: ${issue.message}`,
    });
  }
  return parsed.data;
}

/** Every page of a list endpoint, following `continuation` to the last page. */
async function fetchAllPages(
  config: EventbriteConfig,
  path: string,
  baseParams: Record<string, string>,
): Promise<{ events: EventbriteEvent[]; pages: number }> {
  const all: EventbriteEvent[] = [];
  const seen = new Set<string>();
  let continuation: string | undefined;
  let pages = 0;
  for (;;) {
    if (pages >= MAX_PAGES) throw new EventbriteError({ kind: "endless-pagination", pages });
    const params: Record<string, string> = { ...baseParams };
    if (continuation) params.continuation = continuation;
    const page = await getParsed(config, path, params, eventbriteEventsPageSchema, PAGE_TIMEOUT_MS);
    pages++;
    all.push(...page.events);
    const next = page.pagination;
    if (!next?.has_more_items || !next.continuation) break;
    // A continuation that comes back again would loop forever.
    if (seen.has(next.continuation)) throw new EventbriteError({ kind: "endless-pagination", pages });
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
  config: EventbriteConfig,
): Promise<{ events: EventbriteEvent[]; pages: number }> {
  const missing = [
    !config.token && "EVENTBRITE_TOKEN",
    !config.organizationId && "EVENTBRITE_ORGANIZATION_ID",
  ].filter((v): v is string => Boolean(v));
  if (missing.length) throw new EventbriteError({ kind: "not-configured", missing });
  return fetchAllPages(config, `/organizations/${encodeURIComponent(config.organizationId!)}/events/`, {
    status: "live,started,canceled",
    time_filter: "current_future",
    show_series_parent: "true",
    expand: EXPAND,
  });
}

/** A series' current and future occurrences (GET /series/{id}/events/). */
export async function fetchSeriesEvents(
  config: EventbriteConfig,
  seriesId: string,
): Promise<EventbriteEvent[]> {
  const { events } = await fetchAllPages(config, `/series/${encodeURIComponent(seriesId)}/events/`, {
    time_filter: "current_future",
    order_by: "start_asc",
    expand: EXPAND,
  });
  return events;
}

/** A venue by id (address included); any failure just means "TBA" without an address. */
export async function fetchVenue(config: EventbriteConfig, venueId: string): Promise<EventbriteVenue | null> {
  try {
    const venue = await getParsed(
      { ...config, timeoutMs: config.venueTimeoutMs },
      `/venues/${encodeURIComponent(venueId)}/`,
      {},
      eventbriteVenueSchema,
      VENUE_TIMEOUT_MS,
    );
    return venue.name?.trim() ? { ...venue, id: venue.id ?? venueId } : null;
  } catch (error) {
    const reason =
      error instanceof EventbriteError
        ? error.failure
        : error instanceof Error
          ? error.message
          : String(error);
    logger().warn({ venueId, reason }, "venue lookup failed (venue shown as TBA)");
    return null;
  }
}

/**
 * Looks up the venues the platform did not expand (once per distinct venue id) and answers
 * the function that sets each event's venue from them.
 */
export async function lookUpVenues(
  config: EventbriteConfig,
  events: EventbriteEvent[],
): Promise<(event: EventbriteEvent) => EventbriteEvent> {
  const ids = [...new Set(events.map(venueToLookUp).filter((v): v is string => v !== null))];
  const venues = new Map<string, EventbriteVenue | null>();
  await Promise.all(ids.map(async (id) => venues.set(id, await fetchVenue(config, id))));
  return (event) => {
    const id = venueToLookUp(event);
    const found = id ? venues.get(id) : null;
    return found ? { ...event, venue: found } : event;
  };
}

/** One event by id (the staff form's "Load details from URL"), its venue looked up when not expanded. */
export async function fetchEvent(config: EventbriteConfig, id: string): Promise<EventbriteEvent> {
  if (!/^\d+$/.test(id)) throw new Error(`Not a ticketing event id: ${id}`);
  const event = await getParsed(
    config,
    `/events/${id}/`,
    { expand: EXPAND },
    eventbriteEventSchema,
    EVENT_TIMEOUT_MS,
  );
  const withVenue = await lookUpVenues(config, [event]);
  return withVenue(event);
}

/**
 * An event's ticket classes (GET /events/{id}/ticket_classes/, every page): asked only when an
 * event arrived without the `ticket_classes` expansion.
 */
export async function fetchTicketClasses(
  config: EventbriteConfig,
  eventId: string,
): Promise<EventbriteTicketClass[]> {
  const all: EventbriteTicketClass[] = [];
  let continuation: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await getParsed(
      config,
      `/events/${encodeURIComponent(eventId)}/ticket_classes/`,
      continuation ? { continuation } : {},
      eventbriteTicketClassesPageSchema,
      EVENT_TIMEOUT_MS,
    );
    all.push(...page.ticket_classes);
    const next = page.pagination;
    if (!next?.has_more_items || !next.continuation || next.continuation === continuation) return all;
    continuation = next.continuation;
  }
  throw new EventbriteError({ kind: "endless-pagination", pages: MAX_PAGES });
}

/**
 * A resource a webhook named (GET {EVENTBRITE_API_URL}{path} with the site's token): its id and
 * the event it belongs to. `path` is a resource path checked by webhookTarget (app/lib).
 */
export async function fetchResource(config: EventbriteConfig, path: string) {
  return getParsed(config, path, {}, eventbriteResourceSchema, EVENT_TIMEOUT_MS);
}

/** Every attendee (one per ticket) of one platform event: GET /events/{id}/attendees/, every page. */
export async function fetchAttendees(
  config: EventbriteConfig,
  eventId: string,
): Promise<EventbriteAttendee[]> {
  const all: EventbriteAttendee[] = [];
  const seen = new Set<string>();
  let continuation: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await getParsed(
      config,
      `/events/${encodeURIComponent(eventId)}/attendees/`,
      continuation ? { continuation } : {},
      eventbriteAttendeesPageSchema,
      PAGE_TIMEOUT_MS,
    );
    all.push(...page.attendees);
    const next = page.pagination;
    if (!next?.has_more_items || !next.continuation) return all;
    if (seen.has(next.continuation)) break;
    seen.add(next.continuation);
    continuation = next.continuation;
  }
  throw new EventbriteError({ kind: "endless-pagination", pages: MAX_PAGES });
}
