import { addDaysIso } from "./dates";

/**
 * How far ahead a seasonal collection (Epic Dads at Father's Day) is promoted on the home
 * page: six weeks, about when people start planning a holiday outing. Earlier than that
 * its cards would push this week's shows down for months (issue 15, item 6).
 */
export const SEASONAL_LEAD_DAYS = 42;

/**
 * Whether a seasonal collection is shown: one of its shows' next dates falls between
 * today and today + `leadDays` (both included). Dates are ISO "YYYY-MM-DD" in the
 * business time zone; past dates never count.
 */
export function seasonalCollectionNear(
  nextDates: string[],
  today: string,
  leadDays = SEASONAL_LEAD_DAYS,
): boolean {
  const last = addDaysIso(today, leadDays);
  return nextDates.some((d) => d >= today && d <= last);
}
