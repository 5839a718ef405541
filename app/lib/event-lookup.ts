import { formatTime12 } from "./dates";
import { eventbriteEventId, isEventbriteHost } from "./ticketing";

/**
 * The staff form's "Load details from URL": which lookup a pasted URL goes through, what a
 * lookup fills into the form, and the spec's placeholder when it fails. The ticketing
 * platform's events are mapped by ./eventbrite (`mapEventbriteEvent`), other pages by
 * ./page-metadata.
 */

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
  if (isEventbriteHost(rawUrl.trim())) return "eventbrite";
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

/** The spec's placeholder when a lookup fails: "External ... Event", today, 7:00 PM, TBA, TBA. */
export function placeholderEventDetails(
  kind: EventUrlKind,
  url: string,
  today: string,
): ExternalEventDetails {
  const label =
    kind === "eventbrite"
      ? "External Eventbrite Event"
      : kind === "tock"
        ? "External Tock Event"
        : "External Event";
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
