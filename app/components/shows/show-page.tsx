import { Link } from "@remix-run/react";
import { useBusinessToday } from "~/components/business-zone";
import { CalendarMenu } from "~/components/calendar-menu";
import { ContestantApplicationSlot } from "~/components/contestant-application-slot";
import { LineupList } from "~/components/lineup";
import { ShowStructuredData } from "~/components/show-structured-data";
import { VenueName } from "~/components/venue-name";
import { WaitlistForm } from "~/components/waitlist-form";
import { showBadges } from "~/lib/badges";
import { showCalendarGroups } from "~/lib/calendar-links";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import { plainText } from "~/lib/description";
import { shareImage } from "~/lib/image-variants";
import { detailPriceText } from "~/lib/price";
import { hasTicketsLeft } from "~/lib/seats";
import { seoMeta } from "~/lib/seo";
import type { ShowPage } from "~/lib/show-page";
import { SITE } from "~/lib/site";
import { AvailabilityChip, SalesEndNote } from "./availability";
import { BadgeList } from "./badges";
import { CheckoutDialog } from "./checkout-modal";
import { DatePicker } from "./date-picker";
import { EventOverview } from "./event-overview";
import { HouseRulesList } from "./house-rules";
import { isCalledOff, ShowDate, ShowLocation, ShowStatusNotice, ShowTime, ShowUntil } from "./show-facts";
import { HeroImage, heroPreload } from "./show-image";
import { SoldOutNotice } from "./sold-out-notice";
import { TicketLink } from "./ticket-link";

/** /show/{slug}: the sticky ticket bar shows under 768 px (public.css), or past this much scrolling (enhance.ts). */
export const STICKY_SCROLL = 200;

/** The page's title, description, canonical address, share image and the hero's preload. */
export function showPageMeta(page: ShowPage) {
  const { show, origin } = page;
  return [
    ...heroPreload(show.image),
    ...seoMeta({
      title: `${show.title} | ${SITE.name}`,
      description: plainText(show.summary || show.description).slice(0, 160),
      url: page.canonicalUrl,
      image: shareImage(show.image),
      origin,
      type: "article",
    }),
  ];
}

/**
 * One show page for both addresses (app/lib/show-page.ts). What differs is the spec's:
 * /event/{id} has "Overview", GET TICKETS, a date picker, the refund policy among the facts,
 * a phone ticket bar and "Back to Home"; /show/{slug} has "Back to Events" (browser back),
 * "Event Overview", "Event Details" (desktop), a range of dates, GET TICKETS NOW with "Order on
 * Eventbrite", the price notes, the refund policy on phones and the sticky bar (under 768 px
 * or past 200 px of scrolling). Everything else, the waitlist of a sold-out date included, is
 * the same on both.
 */
export function ShowPageView({ page }: { page: ShowPage }) {
  const { kind, show, origin, recurring, choices, selected, range, ticketUrl, eventId, description } = page;
  const { ended, google, soldOut, waitlist, box } = page;
  const bySlug = kind === "show";
  const today = useBusinessToday();
  const canBuy =
    !ended && !soldOut && hasTicketsLeft(box.availability) && !isCalledOff(show) && Boolean(ticketUrl);
  const price = detailPriceText(selected.price);
  const when = range ?? (
    <>
      <ShowDate show={show} date={selected.date} />
      {show.hideStartDate ? null : (
        <>
          {" "}
          · <ShowTime show={show} date={selected.date} time={selected.time} />
        </>
      )}
    </>
  );
  const ticketButtons = (small = false) => (
    <>
      <TicketLink ticketUrl={ticketUrl} eventId={eventId} isEventbrite={show.isEventbrite} small={small}>
        {bySlug ? "GET TICKETS NOW" : "GET TICKETS"}
      </TicketLink>
      {bySlug && ticketUrl ? (
        <a href={ticketUrl} target="_blank" rel="noopener noreferrer" className="order-link">
          Order on Eventbrite
        </a>
      ) : null}
    </>
  );
  return (
    <div className={canBuy ? "has-ticket-bar" : undefined}>
      <section className="event-hero">
        {bySlug ? (
          <div className="container">
            <a href="/" className="back-link" data-history-back="">
              ← Back to Events
            </a>
          </div>
        ) : null}
        <div className="container event-hero__grid">
          <HeroImage show={show} soldOut={soldOut} />
          <div>
            <BadgeList badges={showBadges(show, { series: recurring })} />
            <h1>{show.title}</h1>
            <p className="event-hero__when">{when}</p>
            <p className="event-hero__venue">
              {show.isOnline ? "Online" : <VenueName venue={show.venue} record={show.venueRecord} />}
            </p>
            <ShowStatusNotice show={show} />
            {soldOut ? (
              <SoldOutNotice title={show.title} waitlist={waitlist} />
            ) : (
              <>
                <p className="event-hero__price">{price}</p>
                <AvailabilityChip box={box} />
                <SalesEndNote box={box} />
              </>
            )}
            {ended ? <p className="event-notice">This show has ended.</p> : null}
            <HouseRulesList rules={show.houseRules} />
            <div className="event-actions">
              {canBuy ? ticketButtons() : null}
              {show.entryFormUrl ? (
                <a
                  href={show.entryFormUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="button button--primary"
                >
                  SUBMIT YOUR ENTRY
                </a>
              ) : null}
              <CalendarMenu
                groups={showCalendarGroups({
                  showId: show.id,
                  title: show.title,
                  date: selected.date,
                  google,
                  origin,
                  recurring,
                  soldOut,
                  ended,
                })}
              />
            </div>
          </div>
        </div>
      </section>

      <div className="section container event-body">
        <div>
          <h2>{bySlug ? "Event Overview" : "Overview"}</h2>
          <EventOverview description={description} />
          {page.voting ? (
            <p className="vote-link">
              At the show you vote for your favourite comic on your phone:{" "}
              <a href="/vote" className="button button--outline button--small">
                Vote at /vote
              </a>
            </p>
          ) : null}
          <LineupList lineup={show.lineup} />
          {bySlug && show.details ? (
            <div className="desktop-only">
              <h2>Event Details</h2>
              <p style={{ whiteSpace: "pre-line" }}>{show.details}</p>
            </div>
          ) : null}
          {show.acceptsApplications ? (
            <p>
              <a href="#contestant-application" className="button button--outline">
                Apply to be a contestant
              </a>
            </p>
          ) : null}
        </div>
        <aside className="panel event-facts" aria-label="Event details">
          <div>
            <h2>Date and time</h2>
            <p>{range ?? <ShowDate show={show} date={selected.date} />}</p>
            {range ? null : (
              <p>
                <ShowTime show={show} date={selected.date} time={selected.time} />
              </p>
            )}
            <ShowUntil show={show} />
            {!bySlug && recurring && choices.length > 1 ? (
              <DatePicker choices={choices} selected={selected.date} />
            ) : null}
          </div>
          <div>
            <h2>Location</h2>
            <ShowLocation show={show} />
          </div>
          <div>
            <h2>Price</h2>
            <p>{soldOut ? "Sold out" : price}</p>
            {bySlug && !soldOut ? (
              <p className="muted mobile-only">See all pricing options at checkout</p>
            ) : null}
            {bySlug ? <p className="muted desktop-only">Includes all fees and taxes</p> : null}
          </div>
          <div className={bySlug ? "mobile-only" : undefined}>
            <h2>{bySlug ? "Refund Policy" : "Refund policy"}</h2>
            <p>No Refunds</p>
          </div>
          {canBuy && !bySlug ? <div className="event-actions">{ticketButtons()}</div> : null}
        </aside>
      </div>

      <div className="container">
        {waitlist ? <WaitlistForm eventId={show.id} date={waitlist} /> : null}
        {/* The spec's anchor: the application itself when the show takes them. */}
        {show.acceptsApplications ? (
          <ContestantApplicationSlot show={show} />
        ) : (
          <div id="contestant-application" />
        )}
        {bySlug ? null : (
          <p>
            <Link to="/" className="back-link">
              ← Back to Home
            </Link>
          </p>
        )}
      </div>

      {canBuy ? (
        <div
          className={bySlug ? "ticket-bar" : "ticket-bar ticket-bar--phone"}
          data-sticky-after={bySlug ? STICKY_SCROLL : undefined}
          role="region"
          aria-label="Tickets"
        >
          <div className="ticket-bar__info">
            <span className="ticket-bar__title">{show.title}</span>
            <strong>{price}</strong>
            <span className="ticket-bar__when">
              {range ?? `${formatCardDate(selected.date, today)} · ${formatTime12(selected.time)}`}
            </span>
          </div>
          <div className="ticket-bar__actions">{ticketButtons(bySlug)}</div>
        </div>
      ) : null}
      {canBuy && eventId && ticketUrl ? <CheckoutDialog eventId={eventId} ticketUrl={ticketUrl} /> : null}
      <ShowStructuredData shows={[show]} origin={origin} />
    </div>
  );
}
