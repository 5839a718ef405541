/**
 * Weekdays of calendar dates (YYYY-MM-DD). A calendar date already belongs to the business
 * zone, so its weekday is read in UTC from the date alone: never from a local `Date`, whose
 * weekday depends on the machine's zone.
 */

export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** 0 (Sunday) to 6 (Saturday) for a YYYY-MM-DD date. */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** "Tuesday" for a YYYY-MM-DD date. */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[weekdayIndex(date)];
}

/**
 * The first date strictly after `today` that falls on `weekday`: 1 to 7 days ahead, so a
 * weekly show seeded today is never already under way.
 */
export function nextWeekdayAfter(today: string, weekday: Weekday): string {
  const ahead = (WEEKDAYS.indexOf(weekday) - weekdayIndex(today) + 7) % 7 || 7;
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
}

/** The weekday a show's title names ("Tuesday Night Stand-Up" → "Tuesday"), or null. */
export function weekdayInTitle(title: string): Weekday | null {
  const m = new RegExp(`\\b(${WEEKDAYS.join("|")})s?\\b`, "i").exec(title);
  return m ? WEEKDAYS.find((w) => w.toLowerCase() === m[1].toLowerCase())! : null;
}
