import { z } from "zod";
import { formatTime12, normalizeTime } from "./dates";

/**
 * The ticketing platform (Eventbrite): the shape of one event as its API answers
 * GET /events/{id}/?expand=venue,ticket_availability,logo, parsed with zod (never trusted),
 * and pure mappers to the fields of the staff event form. The organisation-wide sync
 * (app/services/eventbrite-sync.server.ts) reuses `eventbriteEventSchema`.
 */
const textBlock = z.object({ text: z.string().nullish(), html: z.string().nullish() }).nullish();

export const eventbriteEventSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: textBlock,
  description: textBlock,
  summary: z.string().nullish(),
  url: z.string().nullish(),
  start: z.object({ local: z.string(), timezone: z.string().nullish(), utc: z.string().nullish() }),
  end: z.object({ local: z.string().nullish(), timezone: z.string().nullish() }).nullish(),
  status: z.string().nullish(),
  venue_id: z.string().nullish(),
  venue: z
    .object({
      name: z.string().nullish(),
      address: z.object({ localized_address_display: z.string().nullish() }).passthrough().nullish(),
    })
    .passthrough()
    .nullish(),
  logo: z
    .object({ url: z.string().nullish(), original: z.object({ url: z.string().nullish() }).nullish() })
    .nullish(),
  ticket_availability: z
    .object({
      is_sold_out: z.boolean().nullish(),
      minimum_ticket_price: z
        .object({ major_value: z.string().nullish(), currency: z.string().nullish() })
        .nullish(),
    })
    .nullish(),
});

export type EventbriteEvent = z.infer<typeof eventbriteEventSchema>;

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
  const url = rawUrl.trim();
  const tickets = /tickets-(\d{6,})/i.exec(url);
  if (tickets) return tickets[1];
  const afterE = /\/e\/([^?#/]+)/i.exec(url);
  if (afterE && /^\d+$/.test(afterE[1])) return afterE[1];
  return null;
}

/** Maps one API event to the form's fields (time cut to HH:MM, price with a dollar sign or TBA). */
export function mapEventbriteEvent(event: EventbriteEvent, ticketUrl: string): ExternalEventDetails {
  const [date, clock = ""] = event.start.local.split("T");
  const minimum = event.ticket_availability?.minimum_ticket_price?.major_value;
  return {
    title: event.name?.text?.trim() || "Untitled event",
    description: event.description?.text?.trim() ?? event.summary?.trim() ?? "",
    summary: event.summary?.trim() || null,
    date,
    time: normalizeTime(clock.slice(0, 5)) ?? "19:00",
    venue: event.venue?.name?.trim() || "TBA",
    imageUrl: event.logo?.original?.url || event.logo?.url || null,
    ticketUrl: event.url || ticketUrl,
    price: minimum ? `$${minimum}` : "TBA",
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
