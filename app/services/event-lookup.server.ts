import {
  classifyEventUrl,
  parseEventbriteId,
  placeholderEventDetails,
  type ExternalEventDetails,
} from "~/lib/event-lookup";
import { mapEventbriteEvent, seriesIdOf } from "~/lib/eventbrite";
import type { EventbriteEvent } from "~/lib/eventbrite-schemas";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import {
  eventbriteConfigFromEnv,
  fetchEvent,
  fetchSeriesEvents,
  lookUpVenues,
  type EventbriteConfig,
} from "./eventbrite-client.server";
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
        const config = eventbriteConfigFromEnv();
        const event = await fetchEvent(config, id);
        const series = event.is_series_parent
          ? { occurrences: await seriesDates(config, event), today }
          : undefined;
        const details = mapEventbriteEvent(event, url, { businessZone: getEnv().APP_TIMEZONE, series });
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

/**
 * A series parent's dates with their venues, as the sync reads them; when they cannot be
 * read the parent is loaded on its own (the form still fills in).
 */
async function seriesDates(config: EventbriteConfig, parent: EventbriteEvent): Promise<EventbriteEvent[]> {
  try {
    const occurrences = await fetchSeriesEvents(config, seriesIdOf(parent));
    return occurrences.map(await lookUpVenues(config, occurrences));
  } catch (error) {
    logger().warn({ err: error, seriesId: seriesIdOf(parent) }, "series dates lookup failed");
    return [];
  }
}
