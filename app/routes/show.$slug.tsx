import {
  json,
  redirect,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AddToCalendar } from "~/components/add-to-calendar";
import { useBusinessToday } from "~/components/business-zone";
import { CalendarSubscribe } from "~/components/calendar-subscribe";
import { ContestantApplicationSlot } from "~/components/contestant-application-slot";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LineupList } from "~/components/lineup";
import { ShowStructuredData } from "~/components/show-structured-data";
import { BadgeList } from "~/components/shows/badges";
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
import { showBadges } from "~/lib/badges";
import { googleLinkFor } from "~/lib/calendar-feed";
import { seriesFeedPath } from "~/lib/calendar-links";
import { dateRangeText } from "~/lib/date-range";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import { plainText } from "~/lib/description";
import { shareImage } from "~/lib/image-variants";
import { detailPriceText } from "~/lib/price";
import { performancesOf } from "~/lib/recurrence";
import { renderDescription } from "~/lib/sanitize";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { eventbriteEventId } from "~/lib/ticketing";
import { showBySlug } from "~/models/public-shows.server";
import showPagesStyles from "~/styles/show-pages.css";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

/** The sticky ticket bar shows under this width, or once the page has scrolled past STICKY_SCROLL. */
export const STICKY_WIDTH = 768;
export const STICKY_SCROLL = 200;

// One stylesheet: the public styles, the form styles of the contestant application on the page
// (issue 15, item 2) and the line-up (show-pages.css).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: showPagesStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: SITE.name }];
  const { show, origin, canonicalSlug } = data;
  return [
    ...heroPreload(show.image),
    ...seoMeta({
      title: `${show.title} | ${SITE.name}`,
      description: plainText(show.summary || show.description).slice(0, 160),
      url: `${origin}/show/${canonicalSlug}`,
      image: shareImage(show.image),
      origin,
      type: "article",
    }),
  ];
};

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const found = showBySlug(params.slug ?? "");
  if (!found) throw redirect("/404");
  const { show, date, canonicalSlug } = found;
  const { recurring, performances } = performancesOf(show);
  const current = performances.find((p) => p.date === date) ?? performances[0];
  const ticketUrl = current.ticketUrl ?? show.ticketUrl;
  const origin = publicOrigin(request);
  return json(
    {
      show,
      origin,
      google: googleLinkFor(show, current, origin, getEnv().APP_TIMEZONE),
      canonicalSlug,
      recurring,
      current,
      range: recurring ? dateRangeText(performances.map((p) => p.date)) : null,
      ticketUrl,
      eventId: eventbriteEventId(ticketUrl),
      description: renderDescription(show.description),
    },
    { headers: show.acceptsApplications ? undefined : cacheablePage() },
  );
}

function useStickyBar() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.innerWidth < STICKY_WIDTH || window.scrollY > STICKY_SCROLL);
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);
  return visible;
}

export default function ShowPage() {
  const { show, origin, recurring, current, range, ticketUrl, eventId, description, google } =
    useLoaderData<typeof loader>();
  const today = useBusinessToday();
  const navigate = useNavigate();
  const sticky = useStickyBar();
  const canBuy = !show.soldOut && !current.soldOut && !isCalledOff(show) && Boolean(ticketUrl);
  const buttons = (small = false) => (
    <>
      <TicketLink
        ticketUrl={ticketUrl}
        eventId={eventId}
        isEventbrite={show.isEventbrite}
        className={small ? "button--small" : ""}
      >
        GET TICKETS NOW
      </TicketLink>
      {ticketUrl ? (
        <a href={ticketUrl} target="_blank" rel="noopener noreferrer" className="order-link">
          Order on Eventbrite
        </a>
      ) : null}
    </>
  );
  return (
    <div className={canBuy ? "has-ticket-bar" : undefined}>
      <section className="event-hero">
        <div className="container">
          <a
            href="/"
            className="back-link"
            onClick={(e) => {
              if (window.history.length > 1) {
                e.preventDefault();
                navigate(-1);
              }
            }}
          >
            ← Back to Events
          </a>
        </div>
        <div className="container event-hero__grid">
          <HeroImage show={show} soldOut={show.soldOut} />
          <div>
            <BadgeList badges={showBadges(show, { series: recurring })} />
            <h1>{show.title}</h1>
            <p>
              {range ?? (
                <>
                  <ShowDate show={show} date={current.date} />
                  {show.hideStartDate ? null : (
                    <>
                      {" "}
                      · <ShowTime show={show} date={current.date} time={current.time} />
                    </>
                  )}
                </>
              )}
            </p>
            <ShowStatusNotice show={show} />
            {show.soldOut ? (
              <SoldOutNotice title={show.title} />
            ) : (
              <p className="event-hero__price">{detailPriceText(current.price)}</p>
            )}
            {canBuy ? <div className="event-actions">{buttons()}</div> : null}
          </div>
        </div>
      </section>

      <div className="section container event-body">
        <div>
          <h2>Event Overview</h2>
          <EventOverview description={description} />
          <LineupList lineup={show.lineup} />
          {show.details ? (
            <div className="desktop-only">
              <h2>Event Details</h2>
              <p style={{ whiteSpace: "pre-line" }}>{show.details}</p>
            </div>
          ) : null}
        </div>
        <aside className="panel event-facts" aria-label="Event details">
          <div>
            <h2>Date and time</h2>
            <p>{range ?? <ShowDate show={show} date={current.date} />}</p>
            {range ? null : (
              <p>
                <ShowTime show={show} date={current.date} time={current.time} />
              </p>
            )}
            <ShowUntil show={show} />
            {show.soldOut ? null : <AddToCalendar show={show} google={google} />}
            {recurring ? (
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
            <p>{show.soldOut ? "Sold out" : detailPriceText(current.price)}</p>
            {show.soldOut ? null : <p className="muted mobile-only">See all pricing options at checkout</p>}
            <p className="muted desktop-only">Includes all fees and taxes</p>
          </div>
          <div className="mobile-only">
            <h2>Refund Policy</h2>
            <p>No Refunds</p>
          </div>
        </aside>
      </div>

      <div className="container" id="contestant-application-anchor">
        {show.acceptsApplications ? (
          <ContestantApplicationSlot show={show} />
        ) : (
          <div id="contestant-application" />
        )}
      </div>

      {canBuy ? (
        <div
          className="ticket-bar"
          data-scrolled={sticky ? "true" : "false"}
          role="region"
          aria-label="Tickets"
        >
          <div className="ticket-bar__info">
            <span className="ticket-bar__title">{show.title}</span>
            <strong>{detailPriceText(current.price)}</strong>
            <span className="ticket-bar__when">
              {range ?? `${formatCardDate(current.date, today)} · ${formatTime12(current.time)}`}
            </span>
          </div>
          <div className="ticket-bar__actions">{buttons(true)}</div>
        </div>
      ) : null}
      <ShowStructuredData shows={[show]} origin={origin} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
