import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { AddToCalendar } from "~/components/add-to-calendar";
import { useBusinessToday } from "~/components/business-zone";
import { CalendarSubscribe } from "~/components/calendar-subscribe";
import { ContestantApplicationSlot } from "~/components/contestant-application-slot";
import { ErrorScreen, GeneralErrorBoundary } from "~/components/error-boundary";
import { LineupList } from "~/components/lineup";
import { ShowStructuredData } from "~/components/show-structured-data";
import { BadgeList } from "~/components/shows/badges";
import { DatePicker } from "~/components/shows/date-picker";
import { EventOverview } from "~/components/shows/event-overview";
import {
  isCalledOff,
  ShowDate,
  ShowLocation,
  ShowStatusNotice,
  ShowTime,
  ShowUntil,
} from "~/components/shows/show-facts";
import { HeroImage, heroPreload } from "~/components/shows/show-image";
import { SoldOutNotice } from "~/components/shows/sold-out-notice";
import { TicketLink } from "~/components/shows/ticket-link";
import { VenueName } from "~/components/venue-name";
import { WaitlistForm } from "~/components/waitlist-form";
import { showBadges } from "~/lib/badges";
import { googleLinkFor } from "~/lib/calendar-feed";
import { seriesFeedPath } from "~/lib/calendar-links";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import { plainText } from "~/lib/description";
import { parseId } from "~/lib/ids";
import { shareImage } from "~/lib/image-variants";
import { detailPriceText } from "~/lib/price";
import { performancesOf } from "~/lib/recurrence";
import { renderDescription } from "~/lib/sanitize";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { eventbriteEventId } from "~/lib/ticketing";
import { canJoinWaitlist } from "~/lib/waitlist";
import { getShowForPage } from "~/models/events.server";
import { publicContext } from "~/models/public-shows.server";
import { findPerformance } from "~/models/waitlist.server";
import showPagesStyles from "~/styles/show-pages.css";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

// One stylesheet: the public styles, the form styles of the contestant application on the page
// (issue 15, item 2) and the line-up (show-pages.css).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: showPagesStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Event not found | ${SITE.name}` }, { name: "robots", content: "noindex" }];
  const { show, origin } = data;
  return [
    ...heroPreload(show.image),
    ...seoMeta({
      title: `${show.title} | ${SITE.name}`,
      description: plainText(show.summary || show.description).slice(0, 160),
      url: `${origin}/event/${show.id}`,
      image: shareImage(show.image),
      origin,
      type: "article",
    }),
  ];
};

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ params, request }: LoaderFunctionArgs) {
  // Only plain positive ids up to 15 digits: "abc", "../x" and huge numbers are 404s, never 500s.
  const id = parseId(params.id);
  const show = id ? getShowForPage(id) : null;
  if (!show) throw json("Event not found", { status: 404 });

  const { today } = publicContext();
  const url = new URL(request.url);
  const { recurring, performances } = performancesOf(show);
  const upcoming = performances.filter((p) => p.date >= today);
  const choices = upcoming.length ? upcoming : performances;
  const selected = choices.find((p) => p.date === url.searchParams.get("date")) ?? choices[0];
  const ticketUrl = selected.ticketUrl ?? show.ticketUrl;
  const origin = publicOrigin(request);
  // Issue 18: a sold-out show, or a sold-out date of a recurring one, offers the waitlist.
  const performance = findPerformance(show.id, selected.date);
  const soldOut = show.soldOut || Boolean(performance?.soldOut);
  const waitlist = performance && canJoinWaitlist({ ...performance, soldOut, today }) ? selected.date : null;
  return json(
    {
      soldOut,
      waitlist,
      show,
      origin,
      google: googleLinkFor(show, selected, origin, getEnv().APP_TIMEZONE),
      recurring,
      choices,
      selected,
      ticketUrl,
      eventId: eventbriteEventId(ticketUrl, { lenient: true }),
      description: renderDescription(show.description),
      ended: Boolean(show.archivedAt) || upcoming.length === 0,
    },
    { headers: show.acceptsApplications ? undefined : cacheablePage() },
  );
}

export default function EventPage() {
  const today = useBusinessToday();
  const {
    show,
    origin,
    recurring,
    choices,
    selected,
    ticketUrl,
    eventId,
    description,
    ended,
    google,
    soldOut,
    waitlist,
  } = useLoaderData<typeof loader>();
  const canBuy = !ended && !soldOut && !selected.soldOut && !isCalledOff(show) && Boolean(ticketUrl);
  const ticketButton = (extra = "") => (
    <TicketLink ticketUrl={ticketUrl} eventId={eventId} isEventbrite={show.isEventbrite} className={extra}>
      GET TICKETS
    </TicketLink>
  );
  return (
    <div className={canBuy ? "has-ticket-bar" : undefined}>
      <section className="event-hero">
        <div className="container event-hero__grid">
          <HeroImage show={show} soldOut={soldOut} />
          <div>
            <BadgeList badges={showBadges(show, { series: recurring })} />
            <h1>{show.title}</h1>
            <p className="event-hero__when">
              <ShowDate show={show} date={selected.date} />
              {show.hideStartDate ? null : (
                <>
                  {" "}
                  · <ShowTime show={show} date={selected.date} time={selected.time} />
                </>
              )}
            </p>
            <p>{show.isOnline ? "Online" : <VenueName venue={show.venue} record={show.venueRecord} />}</p>
            <ShowStatusNotice show={show} />
            {soldOut ? (
              <SoldOutNotice title={show.title} />
            ) : (
              <p className="event-hero__price">{detailPriceText(selected.price)}</p>
            )}
            {ended ? <p className="event-notice">This show has ended.</p> : null}
            <div className="event-actions">
              {canBuy ? ticketButton() : null}
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
              {soldOut ? null : <AddToCalendar show={show} google={ended ? undefined : google} />}
            </div>
          </div>
        </div>
      </section>

      <div className="section container event-body">
        <div>
          <h2>Overview</h2>
          <EventOverview description={description} />
          <LineupList lineup={show.lineup} />
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
            <p>
              <ShowDate show={show} date={selected.date} />
            </p>
            <p>
              <ShowTime show={show} date={selected.date} time={selected.time} />
            </p>
            <ShowUntil show={show} />
            {recurring && choices.length > 1 ? (
              <DatePicker choices={choices} selected={selected.date} />
            ) : null}
            {recurring && !ended ? (
              <CalendarSubscribe
                origin={origin}
                path={seriesFeedPath(show.title)}
                label={`every date of ${show.title}`}
              />
            ) : null}
          </div>
          <div>
            <h2>Location</h2>
            <ShowLocation show={show} />
          </div>
          <div>
            <h2>Price</h2>
            <p>{show.soldOut ? "Sold out" : detailPriceText(selected.price)}</p>
          </div>
          <div>
            <h2>Refund policy</h2>
            <p>No Refunds</p>
          </div>
          {canBuy ? <div className="event-actions">{ticketButton()}</div> : null}
        </aside>
      </div>

      <div className="container">
        {waitlist ? <WaitlistForm eventId={show.id} date={waitlist} /> : null}
        <ContestantApplicationSlot show={show} />
        <p>
          <Link to="/" className="back-link">
            ← Back to Home
          </Link>
        </p>
      </div>

      {canBuy ? (
        <div className="ticket-bar ticket-bar--phone" role="region" aria-label="Tickets">
          <div className="ticket-bar__info">
            <span className="ticket-bar__title">{show.title}</span>
            <strong>{detailPriceText(selected.price)}</strong>
            <span className="ticket-bar__when">
              {formatCardDate(selected.date, today)} · {formatTime12(selected.time)}
            </span>
          </div>
          <div className="ticket-bar__actions">{ticketButton()}</div>
        </div>
      ) : null}
      <ShowStructuredData shows={[show]} origin={origin} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    // A failure while reading the show: the spec's event-page text, with Back to Home.
    return (
      <ErrorScreen title="Failed to load event details">
        <p>{error instanceof Error ? error.message : "An unexpected error occurred"}</p>
      </ErrorScreen>
    );
  }
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorScreen title="Event not found">
            <p>This show doesn't exist or is no longer listed.</p>
          </ErrorScreen>
        ),
      }}
    />
  );
}
