import { createEvents, type EventAttributes } from "ics";
import { addDaysIso, BUSINESS_TIME_ZONE, normalizeTime } from "./dates";
import { zonedInstant } from "./zoned-time";
import { plainText } from "./description";
import type { Show } from "./shows";
import { SITE } from "./site";
import { performancesOf } from "./recurrence";
import { showPlace } from "./show-place";

/** Shows without an end time are put in calendars as two hours long. */
const DEFAULT_LENGTH_HOURS = 2;
const UID_DOMAIN = SITE.email.split("@")[1];

/** A stable UID per show and date: re-importing the feed updates events instead of duplicating them. */
export function occurrenceUid(showId: number, date: string): string {
  return `show-${showId}-${date}@${UID_DOMAIN}`;
}

/** "Venue, 3 Example St, Windsor, ON N9A 1A1, CA"; the name alone when the address is unknown; "Online". */
function locationText(show: Show): string {
  const place = showPlace(show);
  return [place.name, place.line].filter(Boolean).join(", ");
}

/**
 * An RFC 5545 calendar of shows: one VEVENT per occurrence on or after `from` (all when
 * omitted). Times are written in UTC, computed from the Toronto wall-clock time of each
 * date, so every calendar shows the right local time whatever its zone.
 */
export function buildCalendarFeed(
  shows: Show[],
  options: { origin: string; from?: string; zone?: string; name?: string },
): string {
  const businessZone = options.zone ?? BUSINESS_TIME_ZONE;
  const events: EventAttributes[] = [];
  for (const show of shows) {
    // The organiser hides the start: nothing to put in a calendar.
    if (show.hideStartDate) continue;
    const zone = show.timeZone || businessZone;
    const pageUrl = `${options.origin}/event/${show.id}`;
    for (const o of performancesOf(show).performances) {
      if (options.from && o.date < options.from) continue;
      const start = zonedInstant(o.date, o.time, zone).getTime();
      const endTime = normalizeTime(show.endTime);
      const endDay = !show.dates.length && show.endDate && show.endDate > o.date ? show.endDate : null;
      const end = endTime
        ? zonedInstant(endDay ?? (endTime <= (normalizeTime(o.time) ?? "00:00") ? addDaysIso(o.date, 1) : o.date), endTime, zone).getTime()
        : start + DEFAULT_LENGTH_HOURS * 3600_000;
      const soldOut = o.soldOut ?? show.soldOut;
      const cancelled = show.eventStatus === "cancelled";
      const description = [plainText(show.description, { lines: true }), o.ticketUrl ? `Tickets: ${o.ticketUrl}` : null, soldOut ? "SOLD OUT" : null]
        .filter(Boolean)
        .join("\n\n");
      events.push({
        uid: occurrenceUid(show.id, o.date),
        title: cancelled ? `${show.title} (Cancelled)` : show.eventStatus === "postponed" ? `${show.title} (Postponed)` : soldOut ? `${show.title} (Sold Out)` : show.title,
        description,
        location: locationText(show),
        url: pageUrl,
        start,
        startInputType: "utc",
        startOutputType: "utc",
        end,
        endInputType: "utc",
        endOutputType: "utc",
        status: cancelled ? "CANCELLED" : show.eventStatus === "postponed" ? "TENTATIVE" : "CONFIRMED",
        organizer: { name: SITE.name, email: SITE.email },
        productId: "laughwindsor/shows",
        calName: options.name ?? `${SITE.name} shows`,
      });
    }
  }
  const { error, value } = createEvents(events, {
    productId: "laughwindsor/shows",
    calName: options.name ?? `${SITE.name} shows`,
    method: "PUBLISH",
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar feed");
  return value;
}
