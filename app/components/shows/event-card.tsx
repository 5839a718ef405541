import { Link } from "@remix-run/react";
import { useBusinessToday } from "~/components/business-zone";
import { CardLineup } from "~/components/lineup";
import { VenueName } from "~/components/venue-name";
import { showBadges } from "~/lib/badges";
import { CARD_DATES_SHOWN, type CardDate, type CardShow } from "~/lib/cards";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import { plainText } from "~/lib/description";
import { cardPriceText } from "~/lib/price";
import type { Performance } from "~/lib/recurrence";
import { hasTicketsLeft, type BoxOfficeView } from "~/lib/seats";
import { DATE_TO_BE_ANNOUNCED, showTimeText } from "~/lib/show-time";
import { AvailabilityChip } from "./availability";
import { BadgeList } from "./badges";
import { CardTicketLink } from "./card-ticket-link";
import { ShowImage } from "./show-image";

/** The spec's event card: title, badges, 2-line description, date, time, venue, price, actions. */
export function EventCard({
  show,
  next,
  upcoming,
  dateCount = upcoming.length,
  series,
  eager = false,
  headingLevel = 3,
  listDates = false,
  box,
  sizes,
}: {
  show: CardShow;
  next: Performance;
  /** The upcoming dates: all of them, or the first few when `dateCount` says how many there are. */
  upcoming: CardDate[];
  dateCount?: number;
  series: boolean;
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** List every upcoming date with its time (club shows). */
  listDates?: boolean;
  /** The next performance's availability (app/lib/seats.ts), when the list worked it out. */
  box?: BoxOfficeView;
  /** The image's `sizes` when the card is not CARD_SIZES wide (the home grid's rows). */
  sizes?: string;
}) {
  const today = useBusinessToday();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const ticketUrl = next.ticketUrl ?? show.ticketUrl;
  return (
    <article className="show-card">
      <Link to={`/event/${show.id}`} className="show-card__media" tabIndex={-1} aria-hidden="true">
        <ShowImage src={show.imageUrl} image={show.image} alt="" eager={eager} sizes={sizes} />
        {show.soldOut ? <span className="sold-out-overlay">SOLD OUT</span> : null}
      </Link>
      <div className="show-card__body">
        <BadgeList badges={showBadges(show, { series })} />
        <Heading className="show-card__title">
          <Link to={`/event/${show.id}`}>{show.title}</Link>
        </Heading>
        <CardLineup lineup={show.lineup} />
        <p className="show-card__desc clamp-2">{plainText(show.description)}</p>
        {listDates && upcoming.length > 1 ? (
          <ul className="show-card__datelist" aria-label="Dates">
            {upcoming.map((p) => (
              <li key={p.date}>
                <time dateTime={p.date}>{formatCardDate(p.date, today)}</time> ·{" "}
                {showTimeText(p.date, p.time, show.timeZone)}
              </li>
            ))}
          </ul>
        ) : show.hideStartDate ? (
          <p className="show-card__when">{DATE_TO_BE_ANNOUNCED}</p>
        ) : (
          <p className="show-card__when">
            <time dateTime={next.date}>{formatCardDate(next.date, today)}</time>
            <span aria-hidden="true"> · </span>
            <span>{showTimeText(next.date, next.time, show.timeZone)}</span>
            {dateCount > 1 ? <span className="muted">{` (+${dateCount - 1} more dates)`}</span> : null}
          </p>
        )}
        <p className="show-card__venue">
          <VenueName venue={show.venue} record={show.venueRecord} />
        </p>
        <p className="show-card__price">{cardPriceText(next.price)}</p>
        <AvailabilityChip box={box} />
        <div className="show-card__actions">
          <Link to={`/event/${show.id}`} className="button button--dark button--small">
            More Info<span className="visually-hidden">{`: ${show.title}`}</span>
          </Link>
          {ticketUrl &&
          !show.soldOut &&
          (!box || hasTicketsLeft(box.availability)) &&
          !show.eventStatus?.match(/cancelled|postponed/) ? (
            <CardTicketLink title={show.title} ticketUrl={ticketUrl} isEventbrite={show.isEventbrite} small />
          ) : null}
        </div>
        {show.acceptsApplications ? (
          <Link to={`/event/${show.id}#contestant-application`} className="show-card__apply">
            Apply to be a contestant
          </Link>
        ) : null}
      </div>
    </article>
  );
}

/** A recurring show's first dates on the phone carousel card, then "+N more dates". */
export function DatePreview({
  upcoming,
  dateCount = upcoming.length,
}: {
  upcoming: CardDate[];
  dateCount?: number;
}) {
  const today = useBusinessToday();
  if (dateCount < 2) return null;
  const shown = upcoming.slice(0, CARD_DATES_SHOWN);
  const more = dateCount - shown.length;
  return (
    <div className="date-preview">
      <ul aria-label="Upcoming dates">
        {shown.map((p) => (
          <li key={p.date}>
            <time dateTime={p.date}>{formatCardDate(p.date, today)}</time>
            {` · ${formatTime12(p.time)}`}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="date-preview__more">{`+${more} more dates`}</p> : null}
    </div>
  );
}
