import { VenueName } from "~/components/venue-name";
import { formatLongDate } from "~/lib/dates";
import { showPlace } from "~/lib/show-place";
import { DATE_TO_BE_ANNOUNCED, showTimeText, untilText } from "~/lib/show-time";
import type { Show } from "~/lib/shows";
import { STREET_NOT_CONFIRMED } from "~/lib/venue-records";

type FactsShow = Pick<Show, "venue"> &
  Pick<
    Partial<Show>,
    "timeZone" | "endDate" | "endTime" | "hideStartDate" | "isOnline" | "venueRecord" | "eventStatus"
  >;

/** "7:00 PM", "7:00 PM PDT" for a show in another zone; nothing when the start is hidden. */
export function ShowTime({ show, date, time }: { show: FactsShow; date: string; time: string }) {
  if (show.hideStartDate) return null;
  return <>{showTimeText(date, time, show.timeZone)}</>;
}

/** The long date ("Saturday, July 12, 2031"), or "Date to be announced" when the organiser hides it. */
export function ShowDate({ show, date }: { show: FactsShow; date: string }) {
  if (show.hideStartDate) return <>{DATE_TO_BE_ANNOUNCED}</>;
  return <time dateTime={date}>{formatLongDate(date)}</time>;
}

/** "Until Saturday, July 12 · 11:00 PM" for a multi-day show. */
export function ShowUntil({ show }: { show: FactsShow }) {
  const text = show.hideStartDate ? null : untilText(show);
  return text ? <p className="show-until">{text}</p> : null;
}

/** The venue's name, its known address and a maps link; "Online" for online shows. */
export function ShowLocation({ show }: { show: FactsShow }) {
  const place = showPlace(show);
  return (
    <>
      <p className="show-location__name">
        {place.online ? place.name : <VenueName venue={place.name} record={show.venueRecord} />}
      </p>
      {place.line ? <p className="show-location__address">{place.line}</p> : null}
      {place.mapUrl ? (
        <p className="show-location__map">
          <a href={place.mapUrl} target="_blank" rel="noopener noreferrer">
            Open in maps<span className="visually-hidden">: {place.name}</span>
          </a>
        </p>
      ) : place.mapSearchUrl ? (
        <MapSearch name={place.name} url={place.mapSearchUrl} className="show-location__map" />
      ) : null}
    </>
  );
}

/**
 * Issue 42, item 2: where no source confirmed the street, say so and offer a maps search by the
 * venue's name and town (never a guessed address).
 */
export function MapSearch({ name, url, className }: { name: string; url: string; className?: string }) {
  return (
    <p className={className}>
      <span className="muted">{STREET_NOT_CONFIRMED}: </span>
      <a href={url} target="_blank" rel="noopener noreferrer">
        Search the map for {name}
      </a>
    </p>
  );
}

/** A called-off show keeps its page and says so. */
export function ShowStatusNotice({ show }: { show: FactsShow }) {
  if (show.eventStatus === "cancelled")
    return (
      <p className="event-notice" role="status">
        This show has been cancelled.
      </p>
    );
  if (show.eventStatus === "postponed")
    return (
      <p className="event-notice" role="status">
        This show has been postponed.
      </p>
    );
  return null;
}

/** Tickets are not sold for a called-off show. */
export function isCalledOff(show: FactsShow): boolean {
  return show.eventStatus === "cancelled" || show.eventStatus === "postponed";
}
