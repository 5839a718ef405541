import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { BUSINESS_TIME_ZONE, normalizeTime } from "./dates";

/**
 * Instants and wall-clock times in the business zone (DST-aware, via date-fns and
 * @date-fns/tz). Kept apart from ./dates so that pages which only show dates do not ship
 * these libraries to the browser.
 */

/** The UTC instant of a wall-clock date and time in the zone (handles DST). */
export function zonedInstant(date: string, time: string | null, zone: string = BUSINESS_TIME_ZONE): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = (normalizeTime(time) ?? "00:00").split(":").map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, mi, zone).getTime());
}

/** ISO 8601 with the zone's offset for that date, e.g. 2026-05-16T19:30:00-04:00. */
export function zonedIso(date: string, time: string | null, zone: string = BUSINESS_TIME_ZONE): string {
  const instant = zonedInstant(date, time, zone);
  return format(new TZDate(instant.getTime(), zone), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** Formats an instant in the zone with a date-fns pattern, e.g. for "Last updated" and the admin lists. */
export function formatInZone(
  instant: Date | number,
  pattern: string,
  zone: string = BUSINESS_TIME_ZONE,
): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return format(new TZDate(ms, zone), pattern);
}
