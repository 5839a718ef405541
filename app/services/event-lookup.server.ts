import {
  classifyEventUrl,
  parseEventbriteId,
  placeholderEventDetails,
  type ExternalEventDetails,
} from "~/lib/event-lookup";
import { mapEventbriteEvent } from "~/lib/eventbrite";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { eventbriteConfigFromEnv, fetchEvent } from "./eventbrite-client.server";
import { fetchPageEvent } from "./page-metadata.server";

export type LookupResult =
  { ok: true; details: ExternalEventDetails } | { ok: false; details: ExternalEventDetails };

/**
 * "Load details from URL": a ticketing-platform URL goes through its API (the sync's client
 * and mapper), anything else (table-booking platform pages included) through the page's
 * metadata. Never throws: a failed lookup answers the spec's placeholder event.
 */
export async function lookupEventDetails(url: string, today: string): Promise<LookupResult> {
  const kind = classifyEventUrl(url);
  try {
    if (kind === "eventbrite") {
      const id = parseEventbriteId(url);
      if (id) {
        const event = await fetchEvent(eventbriteConfigFromEnv(), id);
        const details = mapEventbriteEvent(event, url, { businessZone: getEnv().APP_TIMEZONE });
        return { ok: true, details };
      }
      // An organiser's vanity address carries no id: its page's own metadata is read.
      const details = await fetchPageEvent(url, "generic", today);
      if (details) return { ok: true, details: { ...details, isEventbrite: true } };
    } else {
      const details = await fetchPageEvent(url, kind, today);
      if (details) return { ok: true, details };
    }
  } catch (error) {
    logger().warn({ err: error, url }, "event lookup failed");
  }
  return { ok: false, details: placeholderEventDetails(kind, url, today) };
}
