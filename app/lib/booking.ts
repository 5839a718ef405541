/**
 * The booking schedule's rules: table shape, status colours, sample rows and the notices.
 * Pure; shared by the service (server) and the page (browser). CSV parsing lives in
 * app/lib/booking-csv.ts so the parser never ships to the browser.
 */

/** Columns come from the sheet header, lower-cased; cells are text. */
export type BookingTable = { columns: string[]; rows: Record<string, string>[] };

export type StatusTone = "confirmed" | "pending" | "cancelled";

/** Every 5 minutes while the page is open (spec). */
export const BOOKING_AUTO_REFRESH_MS = 5 * 60 * 1000;

export const BOOKING_FALLBACK_MESSAGE = "Failed to load data from Google Sheet. Using fallback data.";
export const BOOKING_EMPTY_MESSAGE = "No booking data available.";

/**
 * The five sample rows (the spec's fallback data: date, venue, time, status, notes), dated
 * on the Fridays after `today` so the fallback never shows a schedule from a past year.
 */
export function sampleBooking(today: string): BookingTable {
  const [y, m, d] = today.split("-").map(Number);
  const start = new Date(Date.UTC(y, m - 1, d));
  const toFriday = (5 - start.getUTCDay() + 7) % 7 || 7;
  const friday = (weeks: number) => {
    const day = new Date(start.getTime() + (toFriday + 7 * weeks) * 86_400_000);
    return day.toISOString().slice(0, 10);
  };
  return {
    columns: ["date", "venue", "time", "status", "notes"],
    rows: [
      {
        date: friday(0),
        venue: "Tipsy Toucan",
        time: "8:00 PM",
        status: "Confirmed",
        notes: "Headliner + 3 openers",
      },
      {
        date: friday(1),
        venue: "Mastronardi Estate Winery",
        time: "7:30 PM",
        status: "Pending",
        notes: "Waiting on contract",
      },
      {
        date: friday(2),
        venue: "Walkerville Brewery",
        time: "8:00 PM",
        status: "Confirmed",
        notes: "Sound check 6:30 PM",
      },
      {
        date: friday(3),
        venue: "Tipsy Toucan",
        time: "9:00 PM",
        status: "Cancelled",
        notes: "Venue double-booked",
      },
      {
        date: friday(4),
        venue: "Craft Heads Brewing",
        time: "8:00 PM",
        status: "Pending",
        notes: "Hold the date",
      },
    ],
  };
}

/** The sample rows as of when the server started. */
export const SAMPLE_BOOKING: BookingTable = sampleBooking(new Date().toISOString().slice(0, 10));

/** The column whose cells get a status colour. */
export function isStatusColumn(column: string): boolean {
  return column.trim().toLowerCase() === "status";
}

/** Confirmed green, pending yellow, cancelled red; case-insensitive; anything else none. */
export function statusTone(value: string | null | undefined): StatusTone | null {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "confirmed") return "confirmed";
  if (v === "pending") return "pending";
  if (v === "cancelled" || v === "canceled") return "cancelled";
  return null;
}

/** "less than a minute", "1 minute", "5 minutes", "2 hours", "3 days". */
export function describeAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}

/** The notice over a last good copy served because the sheet could not be read. */
export function staleCopyNotice(ageMs: number): string {
  return `The booking sheet could not be loaded just now. Showing the last good copy, from ${describeAge(ageMs)} ago.`;
}

// ---- The gate form (one schema; messages live here) ----

// The "required" message is said once, as the string's `error`: zod words the empty `.min(1)`
// with it too (as the results gate in vote-schema.ts).
