import { createEvents, type EventAttributes } from "ics";
import { googleEventUrl } from "./calendar-links";
import { addDaysIso, BUSINESS_TIME_ZONE, normalizeTime } from "./dates";
import { plainText } from "./description";
import { houseRuleLines } from "./house-rules";
import { lineupSentence } from "./lineup";
import { performancesOf } from "./recurrence";
import { showPlace } from "./show-place";
import type { Show } from "./shows";
import { SITE } from "./site";
import { zonedInstant } from "./zoned-time";

/** Shows without an end time (or with one that makes no sense) are put in calendars as two hours long. */
const DEFAULT_LENGTH_HOURS = 2;
/** An end time more than this many hours after the start is a typo, not an all-night show. */
const MAX_LENGTH_HOURS = 12;
/** The reminder on the per-show download ("Add to calendar"): this long before the show. */
export const REMINDER_HOURS_BEFORE = 2;

/** RFC 5545 TEXT escaping: backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n|\r/g, "\\n");
}

const utf8 = new TextEncoder();

/**
 * RFC 5545 section 3.1: content lines are folded so that no line is longer than 75 OCTETS
 * (UTF-8), never splitting a character; each continuation line starts with one space. The
 * ics library folds by characters, so its output is unfolded and folded again here.
 */
export function foldIcs(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  return lines
    .map((line) => {
      if (utf8.encode(line).length <= 75) return line;
      const parts: string[] = [];
      let current = "";
      let size = 0;
      let limit = 75;
      for (const ch of line) {
        const n = utf8.encode(ch).length;
        if (size + n > limit) {
          parts.push(current);
          current = "";
          size = 0;
          limit = 74; // the leading space of a continuation line counts
        }
        current += ch;
        size += n;
      }
      parts.push(current);
      return parts.join("\r\n ");
    })
    .join("\r\n");
}

/**
 * The end of one performance in epoch ms, always after its start: the show's end time on the
 * same day, or the next day when it is earlier than the start (past midnight), unless that
 * makes the show longer than 12 hours or zero-length; then the two-hour default.
 */
export function occurrenceEnd(
  date: string,
  time: string,
  endTime: string | null | undefined,
  zone: string,
  endDay?: string | null,
): { start: number; end: number } {
  const start = zonedInstant(date, time, zone).getTime();
  const fallback = start + DEFAULT_LENGTH_HOURS * 3600_000;
  const end = normalizeTime(endTime ?? null);
  if (!end) return { start, end: fallback };
  // A multi-day show ends on its last day; otherwise the same evening (past midnight: the next day).
  const multiDay = Boolean(endDay && endDay > date);
  const endDate = multiDay ? endDay! : end < (normalizeTime(time) ?? "00:00") ? addDaysIso(date, 1) : date;
  const candidate = zonedInstant(endDate, end, zone).getTime();
  const ok = candidate > start && (multiDay || candidate - start <= MAX_LENGTH_HOURS * 3600_000);
  return { start, end: ok ? candidate : fallback };
}
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
 * An RFC 5545 calendar of shows: one VEVENT per occurrence on or after `from` and on or before
 * `to` (unbounded when omitted), at most `limit` of them (the soonest). Times are written in
 * UTC, computed from the Toronto wall-clock time of each date, so every calendar shows the
 * right local time whatever its zone.
 */
export function buildCalendarFeed(
  shows: Show[],
  options: {
    origin: string;
    from?: string;
    to?: string;
    limit?: number;
    zone?: string;
    name?: string;
    reminders?: boolean;
  },
): string {
  const businessZone = options.zone ?? BUSINESS_TIME_ZONE;
  const occurrences: { order: string; id: number; event: EventAttributes }[] = [];
  for (const show of shows) {
    // The organiser hides the start: nothing to put in a calendar.
    if (show.hideStartDate) continue;
    const zone = show.timeZone || businessZone;
    const pageUrl = `${options.origin}/event/${show.id}`;
    // Issue 42: the house rules a visitor should know before going (age, minimum, ...).
    const rules = houseRuleLines(show.houseRules)
      .map((l) => `${l.label}: ${l.text}`)
      .join("\n");
    for (const o of performancesOf(show).performances) {
      if (options.from && o.date < options.from) continue;
      if (options.to && o.date > options.to) continue;
      const endDay = !show.dates.length && show.endDate && show.endDate > o.date ? show.endDate : null;
      const { start, end } = occurrenceEnd(o.date, o.time, show.endTime, zone, endDay);
      const soldOut = o.soldOut ?? show.soldOut;
      const cancelled = show.eventStatus === "cancelled";
      const lineup = show.lineup?.length
        ? lineupSentence(show.lineup, Infinity).replace(/^with/, "With")
        : null;
      const description = [
        lineup,
        plainText(show.description, { lines: true }),
        rules || null,
        o.ticketUrl ? `Tickets: ${o.ticketUrl}` : null,
        soldOut ? "SOLD OUT" : null,
      ]
        .filter(Boolean)
        .join("\n\n");
      occurrences.push({
        order: `${o.date} ${o.time}`,
        id: show.id,
        event: {
          uid: occurrenceUid(show.id, o.date),
          title: cancelled
            ? `${show.title} (Cancelled)`
            : show.eventStatus === "postponed"
              ? `${show.title} (Postponed)`
              : soldOut
                ? `${show.title} (Sold Out)`
                : show.title,
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
          ...(options.reminders
            ? {
                alarms: [
                  {
                    action: "display" as const,
                    description: `Reminder: ${show.title}`,
                    trigger: { hours: REMINDER_HOURS_BEFORE, before: true },
                  },
                ],
              }
            : {}),
        },
      });
    }
  }
  // Over the limit: the soonest performances (otherwise the shows' order, as given).
  if (options.limit !== undefined && occurrences.length > options.limit)
    occurrences.sort((a, b) => a.order.localeCompare(b.order) || a.id - b.id).splice(options.limit);
  const events = occurrences.map((o) => o.event);
  const { error, value } = createEvents(events, {
    productId: "laughwindsor/shows",
    // The library only turns line breaks into \n here: the rest of the escaping is ours.
    calName: escapeIcsText(options.name ?? `${SITE.name} shows`),
    method: "PUBLISH",
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar feed");
  return foldIcs(value);
}

/** "Add to Google Calendar" for one performance, with the same times and place as the .ics. */
export function googleLinkFor(
  show: Show,
  performance: { date: string; time: string },
  origin: string,
  zone: string = BUSINESS_TIME_ZONE,
): string {
  const endDay = !show.dates.length && show.endDate && show.endDate > performance.date ? show.endDate : null;
  const { start, end } = occurrenceEnd(
    performance.date,
    performance.time,
    show.endTime,
    show.timeZone || zone,
    endDay,
  );
  return googleEventUrl({
    title: show.title,
    start,
    end,
    location: locationText(show),
    pageUrl: `${origin}/event/${show.id}`,
  });
}
