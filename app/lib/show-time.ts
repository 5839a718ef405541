import { formatLongDate, formatTime12 } from "./dates";

/**
 * How a show's time reads when the show is not in the business time zone: "7:00 PM PDT".
 * Pure and browser-safe (Intl only). `zone` is the show's own zone, null for the business zone.
 */
export function zoneAbbreviation(date: string, time: string, zone: string): string {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  // The wall-clock taken as UTC is within hours of the instant: right except in the DST switch hour.
  const approx = new Date(Date.UTC(y, mo - 1, d, (h || 0) + 6, mi || 0));
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
      .formatToParts(approx)
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? zone;
  } catch {
    return zone;
  }
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
