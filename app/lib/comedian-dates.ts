import type { LineupRole } from "./lineup";
import type { Performance } from "./recurrence";

/** A comedian page lists at most this many dates of one show (a weekly club night would fill it). */
export const DATES_PER_SHOW = 6;

type Appearance<S> = { show: S; role: LineupRole; dates: Performance[] };

/**
 * Issue 42 (item 6): a comedian's upcoming dates as ONE list, each date its own entry (show,
 * venue, tickets, calendar), soonest first (time, then title, for the same day). A show adds
 * at most `perShow` dates (its first ones); what it leaves out is counted in `more`, per show,
 * so the page can link to the rest. Appearances' dates are assumed soonest first.
 */
export function comedianDates<S extends { title: string; soldOut: boolean }>(
  appearances: Appearance<S>[],
  perShow = DATES_PER_SHOW,
): {
  dates: { show: S; role: LineupRole; performance: Performance; soldOut: boolean }[];
  more: { show: S; count: number }[];
} {
  const dates = appearances.flatMap((a) =>
    a.dates.slice(0, perShow).map((performance) => ({
      show: a.show,
      role: a.role,
      performance,
      soldOut: a.show.soldOut || Boolean(performance.soldOut),
    })),
  );
  dates.sort(
    (x, y) =>
      x.performance.date.localeCompare(y.performance.date) ||
      x.performance.time.localeCompare(y.performance.time) ||
      x.show.title.localeCompare(y.show.title),
  );
  const more = appearances
    .filter((a) => a.dates.length > perShow)
    .map((a) => ({ show: a.show, count: a.dates.length - perShow }));
  return { dates, more };
}
