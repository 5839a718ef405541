import { format } from "date-fns";
import { formatLongDate, parseIsoDate } from "./dates";

/**
 * A recurring show's date range: "June 2026 5-19" within one month, otherwise
 * "first - last" in long form. A single date is its long form.
 */
export function dateRangeText(dates: string[]): string {
  const sorted = [...dates].sort();
  if (sorted.length === 0) return "";
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === last) return formatLongDate(first);
  if (first.slice(0, 7) === last.slice(0, 7)) {
    const a = parseIsoDate(first);
    return `${format(a, "MMMM yyyy")} ${a.getDate()}-${parseIsoDate(last).getDate()}`;
  }
  return `${formatLongDate(first)} - ${formatLongDate(last)}`;
}
