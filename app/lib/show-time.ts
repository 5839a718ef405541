import { formatLongDate, formatTime12 } from "./dates";

/**
 * How a show's time reads when the show is not in the business time zone: "7:00 PM PDT".
 * Pure and browser-safe (Intl only). `zone` is the show's own zone, null for the business zone.
 */
export function zoneAbbreviation(date: string, time: string, zone: string): string {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  try {
    const instant = new Date(wallClockInstant(Date.UTC(y, mo - 1, d, h || 0, mi || 0), zone));
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
      .formatToParts(instant)
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}

/**
 * The instant of a wall-clock time in a zone (the wall clock given as if it were UTC): its offset
 * is read twice, the second time at the first guess, which is right on both sides of a DST switch
 * (Intl only: @date-fns/tz stays out of the public pages' scripts).
 */
function wallClockInstant(wall: number, zone: string): number {
  const guess = wall - offsetMs(wall, zone);
  return wall - offsetMs(guess, zone);
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetMs(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return local - (instant - (instant % 60_000));
}

/** "7:00 PM", or "7:00 PM PDT" for a show in another zone. */
export function showTimeText(date: string, time: string | null | undefined, zone?: string | null): string {
  const clock = formatTime12(time);
  return zone && time ? `${clock} ${zoneAbbreviation(date, time, zone)}` : clock;
}

/** "Until Saturday, July 12, 2031 · 11:00 PM" for a show that ends on a later day; null otherwise. */
export function untilText(show: {
  endDate?: string | null;
  endTime?: string | null;
  timeZone?: string | null;
}): string | null {
  if (!show.endDate) return null;
  const time = show.endTime ? ` · ${showTimeText(show.endDate, show.endTime, show.timeZone)}` : "";
  return `Until ${formatLongDate(show.endDate)}${time}`;
}

export const DATE_TO_BE_ANNOUNCED = "Date to be announced";
