import { eventbriteEventSchema, venueToLookUp, type EventbriteEvent } from "~/lib/eventbrite";
import { getEnv } from "~/utils/env.server";
import { safeFetchText } from "~/utils/safe-fetch.server";
import { lookUpVenue } from "./eventbrite-sync.server";

/**
 * The ticketing platform's API client for ONE event (the staff form's "Load details from
 * URL"). Answers the parsed event, with its venue looked up the way the sync does when the
 * platform did not expand it; throws (OutboundFetchError, zod or JSON errors) when the
 * platform cannot be reached or answers something else, and the caller degrades.
 */
export async function fetchEventbriteEvent(id: string): Promise<EventbriteEvent> {
  const env = getEnv();
  if (!/^\d+$/.test(id)) throw new Error(`Not a ticketing event id: ${id}`);
  const base = env.EVENTBRITE_API_URL.replace(/\/+$/, "");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (env.EVENTBRITE_TOKEN) headers.Authorization = `Bearer ${env.EVENTBRITE_TOKEN}`;
  const { text } = await safeFetchText(`${base}/events/${id}/?expand=venue,ticket_availability,logo`, {
    headers,
    timeoutMs: 8_000,
    maxBytes: 1024 * 1024,
    // The host is EVENTBRITE_API_URL (configuration); only the numeric id came from staff.
    trusted: true,
  });
  const event = eventbriteEventSchema.parse(JSON.parse(text));
  const venueId = venueToLookUp(event);
  if (!venueId) return event;
  const venue = await lookUpVenue({ apiUrl: env.EVENTBRITE_API_URL, token: env.EVENTBRITE_TOKEN }, venueId);
  return venue ? { ...event, venue } : event;
}
