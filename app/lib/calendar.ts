import { addMonths, format, getDaysInMonth } from "date-fns";
import { parseIsoDate } from "./dates";

/** ?month=YYYY-MM, or the month of `today` when missing or invalid. */
export function parseMonthParam(value: string | null, today: string): string {
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)) {
    const year = Number(value.slice(0, 4));
    if (year >= 1970 && year <= 2200) return value;
  }
  return today.slice(0, 7);
}

export function shiftMonth(month: string, delta: number): string {
  return format(addMonths(parseIsoDate(`${month}-01`), delta), "yyyy-MM");
}

export function monthBounds(month: string): { first: string; last: string } {
  const days = getDaysInMonth(parseIsoDate(`${month}-01`));
  // A month has 28 to 31 days: the last day always has two digits.
  return { first: `${month}-01`, last: `${month}-${days}` };
}

/**
 * The month as weeks of 7 cells, Sunday first: null cells pad the first week (and the last),
 * the others are YYYY-MM-DD dates.
 */
export function monthGrid(month: string): (string | null)[][] {
  const first = parseIsoDate(`${month}-01`);
  const lead = first.getDay();
  const days = getDaysInMonth(first);
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, "0")}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** Groups dated items under "Month YYYY" keys, ascending. */
export function groupByMonth<T>(items: T[], dateOf: (item: T) => string): { month: string; items: T[] }[] {
  const map = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => dateOf(a).localeCompare(dateOf(b)))) {
    const key = dateOf(item).slice(0, 7);
    const list = map.get(key) ?? [];
    list.push(item);
    map.set(key, list);
  }
  return [...map.entries()].map(([month, list]) => ({ month, items: list }));
}
