import { z } from "zod";
import { formatTime12, normalizeTime } from "./dates";
import { sanitizeDescription } from "./sanitize";
import { eventbriteEventId } from "./ticketing";

/**
 * The ticketing platform (Eventbrite API v3): the shapes its API answers, parsed with zod
 * (never trusted), and the pure mappers to this app's terms: `toSyncedShow` for the
 * organisation-wide sync and `mapEventbriteEvent` for the staff form's load-from-URL.
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

export const eventbriteVenueSchema = z
  .object({
    id: z.string().nullish(),
    name: z.string().nullish(),
    address: z.object({ localized_address_display: z.string().nullish() }).passthrough().nullish(),
  })
  .passthrough();

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
    utc: z.string().nullish(),
  }),
  end: z.object({ local: z.string().nullish(), timezone: z.string().nullish() }).nullish(),
  status: z.string().nullish(),
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
export function toSyncedShow(
  ev: EventbriteEvent,
  options: { fallbackImage: string; venueName?: string | null },
): SyncedShow {
  const [date, clock] = ev.start.local.split("T");
  const description = ev.description?.text?.trim()
    ? ev.description.text.trim()
    : ev.description?.html
      ? sanitizeDescription(ev.description.html).trim()
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

/** What a lookup fills into the event form (the spec's "external platform parse result"). */
export type ExternalEventDetails = {
  title: string;
  description: string;
  summary: string | null;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM (24 h) */
  time: string;
  venue: string;
  imageUrl: string | null;
  ticketUrl: string;
  price: string;
  isEventbrite: boolean;
};

export type EventUrlKind = "eventbrite" | "tock" | "generic";

/** Which lookup a pasted URL goes through: the ticketing API, or the page's own metadata. */
export function classifyEventUrl(rawUrl: string): EventUrlKind {
  const lower = rawUrl.trim().toLowerCase();
  let host = "";
  try {
    host = new URL(lower).hostname;
  } catch {
    host = lower;
  }
  if (host.includes("eventbrite")) return "eventbrite";
  if (host === "exploretock.com" || host.endsWith(".exploretock.com")) return "tock";
  return "generic";
}

/**
 * The ticketing platform's event id in a URL: the digits of "tickets-{digits}" (the usual
 * public URL, /e/some-show-tickets-123), or a bare id after "/e/" and before "?".
 */
export function parseEventbriteId(rawUrl: string): string | null {
  return eventbriteEventId(rawUrl.trim(), { lenient: true });
}

/** Maps one API event to the form's fields: the sync's mapping, without the stock image. */
export function mapEventbriteEvent(event: EventbriteEvent, ticketUrl: string): ExternalEventDetails {
  const show = toSyncedShow(event, { fallbackImage: "" });
  return {
    title: show.title,
    description: show.description,
    summary: show.summary,
    date: show.date,
    time: show.time,
    venue: show.venue,
    imageUrl: show.imageUrl || null,
    ticketUrl: show.ticketUrl ?? ticketUrl,
    price: show.price,
    isEventbrite: true,
  };
}

/** The spec's placeholder when a lookup fails: "External ... Event", today, 7:00 PM, TBA, TBA. */
export function placeholderEventDetails(kind: EventUrlKind, url: string, today: string): ExternalEventDetails {
  const label = kind === "eventbrite" ? "External Eventbrite Event" : kind === "tock" ? "External Tock Event" : "External Event";
  return {
    title: label,
    description: "",
    summary: null,
    date: today,
    time: "19:00",
    venue: "TBA",
    imageUrl: null,
    ticketUrl: url,
    price: "TBA",
    isEventbrite: kind === "eventbrite",
  };
}

/** The form's text values for loaded details (times shown as 7:00 PM). */
export function detailsToFormDefaults(details: ExternalEventDetails) {
  return {
    title: details.title,
    description: details.description,
    date: details.date,
    time: formatTime12(details.time),
    venue: details.venue,
    ticketUrl: details.ticketUrl,
    imageUrl: details.imageUrl ?? "",
    price: details.price,
  };
}
