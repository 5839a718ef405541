import { BUSINESS_TIME_ZONE } from "./dates";
import type { Performance } from "./recurrence";
import { boxOfficeView, type BoxOfficeView } from "./seats";
import type { Show } from "./shows";
import { formatInZone, zonedIso } from "./zoned-time";

/**
 * One performance's availability as pages show it (./seats), with its instants put in words in
 * the show's zone ("Sales end Wed, Dec 9, 6:00 PM", "On sale Fri, Dec 4, 10:00 AM PST"). Used by
 * the models on the server only: it brings the zone libraries, which pages never ship.
 */
export function performanceBoxOffice(
  show: Pick<Show, "soldOut" | "timeZone" | "hideStartDate" | "eventStatus">,
  performance: Pick<Performance, "date" | "time" | "soldOut" | "seats">,
  now: Date,
  businessZone: string = BUSINESS_TIME_ZONE,
): BoxOfficeView {
  const zone = show.timeZone || businessZone;
  const suffix = zone === businessZone ? "" : " zzz";
  return boxOfficeView(
    {
      soldOut: show.soldOut || Boolean(performance.soldOut),
      seats: performance.seats,
      // Only a sales end is compared with the start (seats.ts salesEndNotice): lists of many cards
      // skip the zone arithmetic for the others.
      startIso:
        show.hideStartDate || !performance.seats?.salesEnd
          ? null
          : zonedIso(performance.date, performance.time, zone),
    },
    now,
    (iso) => formatInZone(new Date(iso), `EEE, MMM d, h:mm a${suffix}`, zone),
  );
}
