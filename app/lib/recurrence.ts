import { isIsoDate, normalizeTime } from "./dates";
import type { Seats } from "./seats";
import type { Show } from "./shows";

/** One dated performance of a show, every field resolved (the date's own value or the show's). */
export type Performance = {
  date: string;
  /** HH:MM */
  time: string;
  ticketUrl: string | null;
  price: string | null;
  /** This date's own sold-out state (a platform series date), when known. */
  soldOut?: boolean;
  /** This performance's seats (the date's, or the one-off show's), when the platform gave them. */
  seats?: Seats | null;
};

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/**
 * The title-range fallback: "Title - Venue (Month 5th - 19th)" gives two dates (month from
 * the title, year from the show's date) and two times (the first two clock times in the
 * description; the show's time when fewer are found). Null when the title has no such range.
 */
export function titleRangeDates(
  show: Pick<Show, "title" | "description" | "date" | "time" | "ticketUrl" | "price">,
): Performance[] | null {
  const m =
    /\(\s*([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th|ST|ND|RD|TH)?\s*[-–]\s*(?:([A-Za-z]+)\.?\s+)?(\d{1,2})(th|TH)\)\s*$/.exec(
      show.title,
    );
  if (!m || !/[-–]/.test(show.title.slice(0, m.index))) return null;
  // "(July 28th - August 4th)": the end day is in the month named before it, when one is.
  // An unknown month (-1) or a show date that is not a date makes no ISO date: refused below.
  const startMonth = monthIndexOf(m[1]);
  const endMonth = m[3] === undefined ? startMonth : monthIndexOf(m[3]);
  const year = Number(show.date.slice(0, 4));
  const isoDay = (y: number, monthIndex: number, d: string) =>
    `${y}-${String(monthIndex + 1).padStart(2, "0")}-${d.padStart(2, "0")}`;
  // A range over the new year ("December 28th - January 4th") ends in the next year. A range
  // must end after it starts ("May 5th - 5th" is one date: the show's own).
  const days = [
    isoDay(year, startMonth, m[2]),
    isoDay(endMonth < startMonth ? year + 1 : year, endMonth, m[4]),
  ];
  if (!days.every(isIsoDate) || days[1] <= days[0]) return null;
  // The first two clock times: one per date.
  const times = clockTimes(show.description);
  return days.map((date, i) => ({
    date,
    time: times[i] ?? normalizeTime(show.time) ?? show.time,
    ticketUrl: show.ticketUrl,
    price: show.price,
  }));
}

/** The month of a name or its first three letters ("Sept", "aug."), 0-based; -1 when none. */
function monthIndexOf(name: string): number {
  const lower = name.toLowerCase();
  return MONTHS.findIndex((month) => month.slice(0, 3) === lower.slice(0, 3));
}

/** Clock times written in a text ("7:00 PM", "9:30pm", "8 p.m."), normalised to HH:MM, in order. */
export function clockTimes(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(\d{1,2}(?::\d{2})?)\s*([ap])\.?\s?m\b\.?/gi)) {
    const t = normalizeTime(`${m[1]} ${m[2]}m`);
    if (t) found.push(t);
  }
  return found;
}

/**
 * The performances of a show: its recurring dates with fallbacks to the show's values, or
 * the title-range fallback when it has one date or fewer, or else the show's own date.
 * A show "flagged recurring" with no dates is a one-off.
 */
export function performancesOf(show: Show): { recurring: boolean; performances: Performance[] } {
  const own: Performance = {
    date: show.date,
    time: show.time,
    ticketUrl: show.ticketUrl,
    price: show.price,
    ...(show.seats ? { seats: show.seats } : {}),
  };
  if (show.dates.length <= 1) {
    const range = titleRangeDates(show);
    if (range) return { recurring: true, performances: range };
  }
  if (show.dates.length === 0) return { recurring: false, performances: [own] };
  const performances = show.dates.map((d) => ({
    date: d.date,
    time: d.time ?? show.time,
    ticketUrl: d.ticketUrl ?? show.ticketUrl,
    price: d.price ?? show.price,
    ...(d.soldOut ? { soldOut: true } : {}),
    ...(d.seats ? { seats: d.seats } : {}),
  }));
  return { recurring: true, performances: sortPerformances(dedupeByDate(performances)) };
}

/** The same-title rule's key: the title trimmed, inner spaces collapsed, lowercased. */
export function titleKey(title: string): string {
  return title.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Merges shows with the same title (case and spacing ignored) into one recurring show: the
 * earliest row is kept and the others become dates of it. Input order is kept otherwise.
 */
export function mergeSameTitle(shows: Show[]): Show[] {
  const groups = new Map<string, Show[]>();
  for (const show of shows) {
    const key = titleKey(show.title);
    const list = groups.get(key) ?? [];
    list.push(show);
    groups.set(key, list);
  }
  const merged: Show[] = [];
  const emitted = new Set<string>();
  for (const show of shows) {
    const key = titleKey(show.title);
    if (emitted.has(key)) continue;
    emitted.add(key);
    const group = groups.get(key)!;
    if (group.length === 1) {
      merged.push(show);
      continue;
    }
    const sorted = [...group].sort((a, b) => byDateTime(a, b) || a.id - b.id);
    const base = sorted[0];
    const dates = sorted.flatMap((s) =>
      s.dates.length > 0
        ? s.dates.map((d) => ({
            date: d.date,
            time: d.time ?? s.time,
            ticketUrl: d.ticketUrl ?? s.ticketUrl,
            price: d.price ?? s.price,
          }))
        : [{ date: s.date, time: s.time, ticketUrl: s.ticketUrl, price: s.price }],
    );
    merged.push({
      ...base,
      soldOut: sorted.every((s) => s.soldOut),
      dates: sortPerformances(dedupeByDate(dates as Performance[])),
    });
  }
  return merged;
}

/** One entry per (show, date). */
export type Occurrence = Performance & { show: Show; series: boolean };

/**
 * Expands shows into one entry per date on or after `from` (all dates when omitted) and on or
 * before `to`, removing duplicates per show and date, sorted by date then time.
 */
export function expandOccurrences(shows: Show[], from?: string, to?: string): Occurrence[] {
  const seen = new Set<string>();
  const out: Occurrence[] = [];
  for (const show of shows) {
    const { recurring, performances } = performancesOf(show);
    for (const p of performances) {
      if (from && p.date < from) continue;
      if (to && p.date > to) continue;
      const key = `${show.id}|${p.date}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...p, show, series: recurring });
    }
  }
  return out.sort((a, b) => byDateTime(a, b) || a.show.id - b.show.id);
}

/**
 * The show's performances on or after `from` (today), in order. A show that runs several days
 * (an end day after its start) is current until its end day: its one performance stays.
 */
export function futurePerformances(show: Show, from: string): Performance[] {
  const running = !show.dates.length && Boolean(show.endDate && show.endDate >= from);
  return performancesOf(show).performances.filter((p) => p.date >= from || (running && p.date === show.date));
}

/**
 * The one "past" rule (DECISIONS.md): a show is over when it ended before `today`: its end
 * day (a show running several days) or its date, and every one of its dates, are before
 * today. The sync skips such shows and the dashboard archives them; the SQL twins
 * (autoArchivePastShows, the lists' `from` query) say the same and their tests check it.
 */
export function endedBefore(
  show: { date: string; endDate?: string | null; dates: readonly { date: string }[] },
  today: string,
): boolean {
  return (show.endDate ?? show.date) < today && !show.dates.some((d) => d.date >= today);
}

function dedupeByDate(list: Performance[]): Performance[] {
  const seen = new Set<string>();
  return list.filter((p) => (seen.has(p.date) ? false : (seen.add(p.date), true)));
}

function sortPerformances(list: Performance[]): Performance[] {
  return [...list].sort(byDateTime);
}

/**
 * Earlier date first, then earlier time. YYYY-MM-DD dates and HH:MM times order as plain text;
 * `localeCompare` would give the same order but loads the browser's collation data on a
 * page's first sort (about 20 ms of one task on a phone, issue 16).
 */
function byDateTime(a: { date: string; time: string }, b: { date: string; time: string }): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.time !== b.time) return a.time < b.time ? -1 : 1;
  return 0;
}
