import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import { normalizeTime } from "./dates";

/**
 * The ticketing platform's (Eventbrite API v3) organisation event list, as far as the sync
 * reads it. Unknown keys are ignored; what the mapper needs is checked.
 * NOTE for the lead: the dashboard's single-event loader has its own schema in
 * app/lib/eventbrite.ts; the two describe the same object and can be unified.
 */
const textBlock = z
  .object({ text: z.string().nullish(), html: z.string().nullish() })
  .nullish();

const price = z
  .object({
    currency: z.string().nullish(),
    /** "25.00" */
    major_value: z.string().nullish(),
    /** minor units: 2500 */
    value: z.number().nullish(),
    display: z.string().nullish(),
  })
  .nullish();

export const eventbriteVenueSchema = z.object({
  id: z.string().nullish(),
  name: z.string().nullish(),
});

export const eventbriteEventSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  name: z.object({ text: z.string().nullish(), html: z.string().nullish() }),
  description: textBlock,
  summary: z.string().nullish(),
  url: z.string().nullish(),
  start: z.object({
    /** Venue wall-clock time, "2026-05-16T19:30:00". */
    local: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, "expected YYYY-MM-DDTHH:MM"),
    timezone: z.string().nullish(),
  }),
  venue_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  venue: eventbriteVenueSchema.nullish(),
  logo: z
    .object({
      url: z.string().nullish(),
      original: z.object({ url: z.string().nullish() }).nullish(),
    })
    .nullish(),
  is_free: z.boolean().nullish(),
  ticket_availability: z
    .object({
      is_sold_out: z.boolean().nullish(),
      minimum_ticket_price: price,
    })
    .nullish(),
});

export const eventbriteEventsPageSchema = z.object({
  pagination: z
    .object({
      has_more_items: z.boolean().nullish(),
      continuation: z.string().nullish(),
    })
    .nullish(),
  events: z.array(eventbriteEventSchema),
});

export type EventbriteEvent = z.infer<typeof eventbriteEventSchema>;
export type EventbriteEventsPage = z.infer<typeof eventbriteEventsPageSchema>;

/** A platform event in this app's terms: what the sync writes into `events`. */
export type SyncedShow = {
  externalId: string;
  title: string;
  description: string;
  summary: string | null;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  venue: string;
  imageUrl: string;
  ticketUrl: string | null;
  price: string;
  soldOut: boolean;
  source: "eventbrite";
};

/** The fields a sync writes; staff edits protect all of them (see docs/issue-6.md). */
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

const DESCRIPTION_ALLOWED = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h2", "h3", "h4", "blockquote"],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["http", "https", "mailto"],
};

/** Sanitises platform markup with an allow-list (scripts, styles, handlers dropped). */
export function sanitizeDescriptionHtml(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_ALLOWED).trim();
}

/**
 * "25.00" → "$25", "25.5" → "$25.50"; a zero price is "Free"; nothing → "TBA".
 */
export function formatMinimumPrice(ev: Pick<EventbriteEvent, "ticket_availability" | "is_free">): string {
  const min = ev.ticket_availability?.minimum_ticket_price;
  let amount: number | null = null;
  if (min?.major_value != null && min.major_value.trim() !== "" && Number.isFinite(Number(min.major_value))) {
    amount = Number(min.major_value);
  } else if (typeof min?.value === "number") {
    amount = min.value / 100;
  }
  if (amount === null) return ev.is_free ? "Free" : "TBA";
  if (amount === 0) return "Free";
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

/**
 * Maps one platform event. `venueName` is the name found by a separate venue lookup when
 * the event came without an expanded venue; `fallbackImage` is the stock image.
 */
export function mapEventbriteEvent(
  ev: EventbriteEvent,
  options: { fallbackImage: string; venueName?: string | null },
): SyncedShow {
  const [date, clock] = ev.start.local.split("T");
  const description = ev.description?.text?.trim()
    ? ev.description.text.trim()
    : ev.description?.html
      ? sanitizeDescriptionHtml(ev.description.html)
      : "";
  const venue = ev.venue?.name?.trim() || options.venueName?.trim() || "TBA";
  const image = ev.logo?.original?.url || ev.logo?.url || options.fallbackImage;
  return {
    externalId: ev.id,
    title: (ev.name.text ?? "").trim() || "Untitled event",
    description,
    summary: ev.summary?.trim() || null,
    date,
    time: normalizeTime(clock?.slice(0, 5)) ?? "19:00",
    venue,
    imageUrl: image,
    ticketUrl: ev.url || null,
    price: formatMinimumPrice(ev),
    soldOut: ev.ticket_availability?.is_sold_out === true,
    source: "eventbrite",
  };
}

/** The venue id to look up when the event arrived without a venue name. */
export function venueToLookUp(ev: EventbriteEvent): string | null {
  if (ev.venue?.name?.trim()) return null;
  return ev.venue_id && ev.venue_id !== "null" ? ev.venue_id : null;
}

/** What the dashboard's sync area shows (built by getSyncStatus in app/models/sync.server.ts). */
export type SyncStatus = {
  /** ISO instant of the latest sync that touched a show, or null. */
  lastSyncedAt: string | null;
  /** Active synced shows that staff edited: the sync leaves their fields alone. */
  staffEdited: { id: number; title: string; date: string; staffEditedAt: string }[];
};

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
  | { kind: "endless-pagination"; pages: number };

export const SYNC_FAILED_PREFIX = "Failed to sync events: ";

export function syncSuccessMessage(count: number): string {
  return count === 0
    ? "No events to sync from the external ticketing platform. The API server might be unavailable."
    : `Successfully synced ${count} events from the external ticketing platform`;
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
    case "endless-pagination":
      return `the ticketing platform kept returning more pages (stopped after ${f.pages}).`;
  }
}
