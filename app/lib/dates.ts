import { TZDate } from "@date-fns/tz";
import { addDays, format, isValid, parse } from "date-fns";

/** The business time zone; server code passes APP_TIMEZONE, which defaults to this. */
export const BUSINESS_TIME_ZONE = "America/Toronto";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = parse(value, "yyyy-MM-dd", new Date(2000, 0, 1));
  return isValid(d) && format(d, "yyyy-MM-dd") === value;
}

/** Today's date (YYYY-MM-DD) in the given zone, whatever the server's own zone is. */
export function todayIn(zone: string = BUSINESS_TIME_ZONE, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), zone), "yyyy-MM-dd");
}

/** The current wall-clock time (HH:MM) in the zone. */
export function nowTimeIn(zone: string = BUSINESS_TIME_ZONE, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), zone), "HH:mm");
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDaysIso(date: string, days: number): string {
  return format(addDays(parseIsoDate(date), days), "yyyy-MM-dd");
}

/** Parses YYYY-MM-DD as a local calendar date (never as UTC midnight). */
export function parseIsoDate(date: string): Date {
  return parse(date, "yyyy-MM-dd", new Date(2000, 0, 1));
}

/**
 * Normalises a clock time to HH:MM (24 h). Accepts "19:00", "19:00:00", "7:00 PM",
 * "7 pm", "7:30pm". Returns null for anything else.
 */
export function normalizeTime(input: string | null | undefined): string | null {
  if (!input) return null;
  const value = input.trim().toLowerCase().replace(/\./g, "");
  let m = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (m) {
    const h = Number(m[1]);
    const min = Number(m[2]);
    if (h > 23 || min > 59) return null;
    return `${pad(h)}:${pad(min)}`;
  }
  m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/.exec(value);
  if (m) {
    let h = Number(m[1]);
    const min = m[2] ? Number(m[2]) : 0;
    if (h < 1 || h > 12 || min > 59) return null;
    if (m[3] === "pm" && h !== 12) h += 12;
    if (m[3] === "am" && h === 12) h = 0;
    return `${pad(h)}:${pad(min)}`;
  }
  return null;
}

/** "19:00" → "7:00 PM". Unparseable input is returned as it was. */
export function formatTime12(time: string | null | undefined): string {
  const normal = normalizeTime(time);
  if (!normal) return time ?? "";
  const [h, m] = normal.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${pad(m)} ${suffix}`;
}

/** "2026-05-16" → "Saturday, May 16, 2026". */
export function formatLongDate(date: string): string {
  return isIsoDate(date) ? format(parseIsoDate(date), "EEEE, MMMM d, yyyy") : date;
}

/** "2026-05-16" → "Sat, May 16" (event cards). */
export function formatCardDate(date: string): string {
  return isIsoDate(date) ? format(parseIsoDate(date), "EEE, MMM d") : date;
}

/** "2026-05" → "May 2026". */
export function formatMonthYear(date: string): string {
  return format(parseIsoDate(date.length === 7 ? `${date}-01` : date), "MMMM yyyy");
}

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

/** Formats an instant in the zone, e.g. for "Last updated" and the admin lists. */
export function formatInZone(instant: Date | number, pattern: string, zone: string = BUSINESS_TIME_ZONE): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return format(new TZDate(ms, zone), pattern);
}

function pad(n: number) {
  return String(n).padStart(2, "0");
}
