import { todayIn } from "./dates";
import { futurePerformances, type Performance } from "./recurrence";
import type { Show } from "./shows";

/** The upcoming cut-off: the start of today in the business zone, as YYYY-MM-DD. */
export function upcomingCutoff(zone: string, now: Date = new Date()): string {
  return todayIn(zone, now);
}

export type UpcomingShow = { show: Show; next: Performance; upcoming: Performance[] };

/**
 * Shows with at least one performance on or after `today` (archived ones left out), with
 * their next performance, sorted by that next date and time.
 */
export function upcomingShows(shows: Show[], today: string): UpcomingShow[] {
  const out: UpcomingShow[] = [];
  for (const show of shows) {
    if (show.archivedAt) continue;
    const upcoming = futurePerformances(show, today);
    if (upcoming.length) out.push({ show, next: upcoming[0], upcoming });
  }
  return out.sort(
    (a, b) =>
      a.next.date.localeCompare(b.next.date) ||
      a.next.time.localeCompare(b.next.time) ||
      a.show.id - b.show.id,
  );
}
