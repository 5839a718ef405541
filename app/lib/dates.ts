/**
 * Calendar dates (YYYY-MM-DD) and clock times (HH:MM) as the site shows them, without a date
 * library, so every page can use them. Only "today" and "now" in a zone use Intl.
 * Instants in the business zone live in ./zoned-time.
 */

/**
 * The default of APP_TIMEZONE (app/utils/env.server.ts) and the only place the zone is
 * written. Server code passes getEnv().APP_TIMEZONE and components useBusinessZone()
 * (app/components/business-zone.ts); the pure rules fall back to this only when called
 * without a zone (tests, scripts).
 */
export const BUSINESS_TIME_ZONE = "America/Toronto";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // A day past the month's end (or 00) rolls into another month, so year and month coming back
  // unchanged is enough; the year check also refuses years 0000-0099 (Date reads them as 19xx).
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in the given zone, whatever the server's own zone is. */
export function todayIn(zone: string = BUSINESS_TIME_ZONE, now: Date = new Date()): string {
  let f = dayFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormatters.set(zone, f);
  }
  return f.format(now);
}

/** The current wall-clock time (HH:MM) in the zone. */
export function nowTimeIn(zone: string = BUSINESS_TIME_ZONE, now: Date = new Date()): string {
  let f = clockFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    clockFormatters.set(zone, f);
  }
  return f.format(now);
}

/** A YYYY-MM-DD date as a UTC-midnight Date (for calendar arithmetic and formatting only). */
function utcDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDaysIso(date: string, days: number): string {
  const d = utcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Parses YYYY-MM-DD as a local calendar date (never as UTC midnight). */
export function parseIsoDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(y, m - 1, d);
}

/**
 * Normalises a clock time to HH:MM (24 h). Accepts "19:00", "19:00:00", "7:00 PM",
 * "7 pm", "7:30pm". Returns null for anything else.
 */
export function normalizeTime(input: string | null | undefined): string | null {
  if (!input) return null;
  // Dots go first ("p.m."), so seconds never carry a fraction: "19:30:15.250" is refused.
  const value = input.trim().toLowerCase().replace(/\./g, "");
  let m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
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

/**
 * The one rule for years on show dates: a date shows its year when that year is not the
 * current year in the business time zone (`today` is today's YYYY-MM-DD there, from
 * `todayIn`). Short dates ("Sat, Jan 9") follow it; long dates ("Saturday, January 9, 2027")
 * always carry the year, so they satisfy it too (docs/decisions/dates.md).
 */
export function dateNeedsYear(date: string, today: string = todayIn()): boolean {
  return isIsoDate(date) && date.slice(0, 4) !== today.slice(0, 4);
}
/*
 * Calendar dates are written with the names below, not Intl: the first Intl formatter a page
 * creates loads the browser's ICU data, 50-100 ms of one task on a phone (issue 16), and these
 * dates need no locale data (English, a fixed calendar, no zone). `tests/unit/lib/dates.test.ts`
 * checks every day of several years against Intl's en-US output.
 */
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

type Parts = { weekday: string; month: string; day: number; year: number };

function dateParts(date: string): Parts {
  const d = utcDate(date);
  return {
    weekday: WEEKDAYS[d.getUTCDay()],
    month: MONTHS[d.getUTCMonth()],
    day: d.getUTCDate(),
    year: d.getUTCFullYear(),
  };
}

/** "2026-05-16" → "Saturday, May 16, 2026". */
export function formatLongDate(date: string): string {
  if (!isIsoDate(date)) return date;
  const p = dateParts(date);
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
}

/**
 * "2026-05-16" → "Sat, May 16" (cards, lists, ticket bars); "Sat, Jan 9, 2027" when the date
 * is not in the current year of the business zone (`dateNeedsYear`).
 */
export function formatCardDate(date: string, today: string): string {
  if (!isIsoDate(date)) return date;
  const p = dateParts(date);
  const card = `${p.weekday.slice(0, 3)}, ${p.month.slice(0, 3)} ${p.day}`;
  return dateNeedsYear(date, today) ? `${card}, ${p.year}` : card;
}

/** "2026-05-16" → "Sat" (calendar tiles, where the month heading carries month and year). */
export function formatWeekdayShort(date: string): string {
  return isIsoDate(date) ? dateParts(date).weekday.slice(0, 3) : date;
}

/** "2026-05" or "2026-05-16" → "May 2026". */
export function formatMonthYear(date: string): string {
  const day = date.length === 7 ? `${date}-01` : date;
  if (!isIsoDate(day)) return date;
  const p = dateParts(day);
  return `${p.month} ${p.year}`;
}

function pad(n: number) {
  return String(n).padStart(2, "0");
}
