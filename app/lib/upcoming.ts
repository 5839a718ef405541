import type { Show } from "./shows";

/** The next date (and its time) of a show on or after `today`; the show's own date otherwise. */
export function nextOccurrence(show: Pick<Show, "date" | "time" | "dates">, today: string) {
  const upcoming = show.dates.filter((d) => d.date >= today);
  if (upcoming.length > 0) return { date: upcoming[0].date, time: upcoming[0].time ?? show.time };
  return { date: show.date, time: show.time };
}

/** Every dated occurrence of a show: its recurring dates, or its single date. */
export function occurrences(show: Pick<Show, "date" | "time" | "ticketUrl" | "price" | "dates">) {
  if (show.dates.length === 0) {
    return [{ date: show.date, time: show.time, ticketUrl: show.ticketUrl, price: show.price }];
  }
  return show.dates.map((d) => ({
    date: d.date,
    time: d.time ?? show.time,
    ticketUrl: d.ticketUrl ?? show.ticketUrl,
    price: d.price ?? show.price,
  }));
}
