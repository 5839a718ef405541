import { addDaysIso, formatCardDate, isIsoDate } from "./dates";
import { admitsAge } from "./house-rules";
import { futurePerformances, performancesOf } from "./recurrence";
import { availabilityOf, hasTicketsLeft } from "./seats";
import type { Show } from "./shows";
import { venueContains } from "./venue-match";

export type ShowFilters = {
  q: string;
  venue: string;
  from: string;
  to: string;
  /** "left": only performances a visitor can still get tickets for (issue 41); "" for all. */
  tickets: "" | "left";
  /**
   * Issue 42: "0" all-ages shows only, "16" or "18" shows that admit that age (by the house
   * rules: a show whose age limit is unknown is left out); "" for every show.
   */
  age: "" | (typeof AGE_CHOICES)[number]["value"];
  /** "1": clean shows only (house rules' content); "" for every show. */
  clean: "" | "1";
};

/** The age filter's choices. */
export const AGE_CHOICES = [
  { value: "0", label: "All ages" },
  { value: "16", label: "Open to 16-year-olds" },
  { value: "18", label: "Open to 18-year-olds" },
] as const;

export const NO_FILTERS: ShowFilters = {
  q: "",
  venue: "",
  from: "",
  to: "",
  tickets: "",
  age: "",
  clean: "",
};

/** Reads ?q=&venue=&from=&to=&tickets=left (invalid dates and values are ignored). */
export function parseFilters(params: URLSearchParams): ShowFilters {
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, 200);
  const date = (name: string) => {
    const v = text(name);
    return isIsoDate(v) ? v : "";
  };
  return {
    q: text("q"),
    venue: text("venue"),
    from: date("from"),
    to: date("to"),
    tickets: text("tickets") === "left" ? "left" : "",
    age: AGE_CHOICES.find((c) => c.value === text("age"))?.value ?? "",
    clean: text("clean") === "1" ? "1" : "",
  };
}

export function isFiltered(f: ShowFilters): boolean {
  return Boolean(f.q || f.venue || f.from || f.to || f.tickets || f.age || f.clean);
}

/**
 * Case-insensitive text over title, description, venue and the line-up's names; "tickets left" keeps a
 * show with a performance still on sale (or not known to be gone: app/lib/seats.ts); the venue by the one
 * venue rule (venueContains: the venue text contains the chosen name); date bounds
 * inclusive (a recurring show passes when any of its dates does, a show running several days when
 * its days overlap the bounds; only dates from `today` on count when it is given).
 */
export function filterShows(shows: Show[], f: ShowFilters, today?: string, now: Date = new Date()): Show[] {
  const q = f.q.toLowerCase();
  return shows.filter((show) => {
    if (
      q &&
      ![show.title, show.description, show.venue, ...(show.lineup ?? []).map((c) => c.name)].some((v) =>
        v.toLowerCase().includes(q),
      )
    ) {
      return false;
    }
    if (f.venue && !venueContains(show.venue, f.venue)) return false;
    if (f.age && !admitsAge(show.houseRules, Number(f.age))) return false;
    if (f.clean && show.houseRules?.content !== "clean") return false;
    if (f.tickets && (show.eventStatus === "cancelled" || show.eventStatus === "postponed")) return false;
    if (f.from || f.to || f.tickets) {
      const performances = today ? futurePerformances(show, today) : performancesOf(show).performances;
      // A show running several days matches any bound its days overlap.
      const lastDay = (p: { date: string }) =>
        !show.dates.length && show.endDate && show.endDate > p.date ? show.endDate : p.date;
      const matching = performances.filter(
        (p) =>
          (!f.from || lastDay(p) >= f.from) &&
          (!f.to || p.date <= f.to) &&
          (!f.tickets ||
            hasTicketsLeft(
              availabilityOf({ soldOut: show.soldOut || Boolean(p.soldOut), seats: p.seats }, now),
            )),
      );
      if (matching.length === 0) return false;
    }
    return true;
  });
}

/** The distinct venues, sorted, for the "All Venues" dropdown. */
export function distinctVenues(shows: Show[]): string[] {
  return [...new Set(shows.map((s) => s.venue))].sort((a, b) => a.localeCompare(b));
}

/** The query string of a filter set (empty values left out). */
export function filtersToSearch(f: ShowFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * Issue 42: the date shortcuts a visitor taps instead of two date pickers, as plain links that
 * set from/to (the other filters kept). "This weekend" is Friday to Sunday, from today once the
 * weekend has begun.
 */
export function quickDateRanges(today: string): { label: string; from: string; to: string }[] {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const friday = weekday === 0 ? addDaysIso(today, -2) : addDaysIso(today, 5 - weekday);
  return [
    { label: "Tonight", from: today, to: today },
    { label: "This weekend", from: friday < today ? today : friday, to: addDaysIso(friday, 2) },
    { label: "Next 7 days", from: today, to: addDaysIso(today, 6) },
  ];
}

/** What is filtered, in words, each part with the query string that removes just it (issue 42). */
export function filterParts(f: ShowFilters, today: string): { label: string; search: string }[] {
  const without = (patch: Partial<ShowFilters>) => filtersToSearch({ ...f, ...patch });
  const day = (d: string) => formatCardDate(d, today);
  const parts: { label: string; search: string }[] = [];
  if (f.q) parts.push({ label: `“${f.q}”`, search: without({ q: "" }) });
  if (f.venue) parts.push({ label: f.venue, search: without({ venue: "" }) });
  if (f.from || f.to) {
    const label =
      f.from && f.to
        ? f.from === f.to
          ? day(f.from)
          : `${day(f.from)} – ${day(f.to)}`
        : f.from
          ? `From ${day(f.from)}`
          : `Until ${day(f.to)}`;
    parts.push({ label, search: without({ from: "", to: "" }) });
  }
  if (f.tickets) parts.push({ label: "Tickets left", search: without({ tickets: "" }) });
  if (f.age)
    parts.push({ label: AGE_CHOICES.find((c) => c.value === f.age)!.label, search: without({ age: "" }) });
  if (f.clean) parts.push({ label: "Clean shows", search: without({ clean: "" }) });
  return parts;
}
