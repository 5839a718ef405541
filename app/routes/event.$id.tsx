import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { AddToCalendar } from "~/components/add-to-calendar";
import { SoldOutNotice } from "~/components/shows/sold-out-notice";
import { ContestantApplicationSlot } from "~/components/contestant-application-slot";
import { ErrorScreen, GeneralErrorBoundary } from "~/components/error-boundary";
import { ShowStructuredData } from "~/components/show-structured-data";
import { BadgeList } from "~/components/shows/badges";
import { DatePicker } from "~/components/shows/date-picker";
import { EventOverview } from "~/components/shows/event-overview";
import { ShowImage } from "~/components/shows/show-image";
import { TicketLink } from "~/components/shows/ticket-link";
import { showBadges } from "~/lib/badges";
import { formatCardDate, formatLongDate, formatTime12 } from "~/lib/dates";
import { plainText } from "~/lib/description";
import { detailPriceText } from "~/lib/price";
import { performancesOf } from "~/lib/recurrence";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { eventbriteEventId } from "~/lib/ticketing";
import { getShowForPage } from "~/models/events.server";
import { publicContext } from "~/models/public-shows.server";
import formStyles from "~/styles/forms.css";
import publicStyles from "~/styles/public.css";
import { getEnv } from "~/utils/env.server";
import { renderDescription } from "~/lib/sanitize";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

// The contestant application on the page needs the form styles too (issue 15, item 2).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "stylesheet", href: formStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Event not found | ${SITE.name}` }, { name: "robots", content: "noindex" }];
  const { show, origin } = data;
  return seoMeta({
    title: `${show.title} | ${SITE.name}`,
    description: plainText(show.summary || show.description).slice(0, 160),
    url: `${origin}/event/${show.id}`,
    image: show.imageUrl ?? SITE.fallbackImage,
    origin,
    type: "article",
  });
};

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const raw = params.id ?? "";
  // Only plain positive ids up to 15 digits: "abc", "../x" and huge numbers are 404s, never 500s.
  const show = /^[1-9]\d{0,14}$/.test(raw) ? getShowForPage(Number(raw)) : null;
  if (!show) throw json("Event not found", { status: 404 });

  const { today, venues } = publicContext();
  const url = new URL(request.url);
  const { recurring, performances } = performancesOf(show);
  const upcoming = performances.filter((p) => p.date >= today);
  const choices = upcoming.length ? upcoming : performances;
  const selected = choices.find((p) => p.date === url.searchParams.get("date")) ?? choices[0];
  const ticketUrl = selected.ticketUrl ?? show.ticketUrl;
  return json({
    show,
    origin: getEnv().PUBLIC_URL ?? url.origin,
    venues,
    recurring,
    choices,
    selected,
    ticketUrl,
    eventId: eventbriteEventId(ticketUrl, { lenient: true }),
    description: renderDescription(show.description),
    ended: Boolean(show.archivedAt) || upcoming.length === 0,
  }, { headers: show.acceptsApplications ? undefined : cacheablePage() });
}

export default function EventPage() {
  const { show, origin, venues, recurring, choices, selected, ticketUrl, eventId, description, ended } =
    useLoaderData<typeof loader>();
  const canBuy = !ended && !show.soldOut && Boolean(ticketUrl);
  const ticketButton = (extra = "") => (
    <TicketLink ticketUrl={ticketUrl} eventId={eventId} isEventbrite={show.isEventbrite} className={extra}>
      GET TICKETS
    </TicketLink>
  );
  return (
    <div className={canBuy ? "has-ticket-bar" : undefined}>
      <section className="event-hero">
        <div className="container event-hero__grid">
          <div className="event-hero__media">
            <ShowImage src={show.imageUrl} alt={show.title} eager width={1200} height={675} />
            {show.soldOut ? <span className="sold-out-overlay">SOLD OUT</span> : null}
          </div>
          <div>
            <BadgeList badges={showBadges(show, venues, { series: recurring })} />
            <h1>{show.title}</h1>
            <p className="event-hero__when">
              <time dateTime={selected.date}>{formatLongDate(selected.date)}</time> · {formatTime12(selected.time)}
            </p>
            <p>{show.venue}</p>
            {show.soldOut ? <SoldOutNotice title={show.title} /> : <p className="event-hero__price">{detailPriceText(selected.price)}</p>}
            {ended ? <p className="event-notice">This show has ended.</p> : null}
            <div className="event-actions">
              {canBuy ? ticketButton() : null}
              {show.entryFormUrl ? (
                <a href={show.entryFormUrl} target="_blank" rel="noopener noreferrer" className="button button--primary">
                  SUBMIT YOUR ENTRY
                </a>
              ) : null}
              {show.soldOut ? null : <AddToCalendar show={show} />}
            </div>
          </div>
        </div>
      </section>

      <div className="section container event-body">
        <div>
          <h2>Overview</h2>
          <EventOverview description={description} />
          {show.acceptsApplications ? (
            <p>
              <a href="#contestant-application" className="button button--outline">Apply to be a contestant</a>
            </p>
          ) : null}
        </div>
        <aside className="panel event-facts" aria-label="Event details">
          <div>
            <h2>Date and time</h2>
            <p>
              <time dateTime={selected.date}>{formatLongDate(selected.date)}</time>
            </p>
            <p>{formatTime12(selected.time)}</p>
            {recurring && choices.length > 1 ? <DatePicker choices={choices} selected={selected.date} /> : null}
          </div>
          <div>
            <h2>Location</h2>
            <p>{show.venue}</p>
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
        <ContestantApplicationSlot show={show} />
        <p>
          <Link to="/" className="back-link">← Back to Home</Link>
        </p>
      </div>

      {canBuy ? (
        <div className="ticket-bar ticket-bar--phone" role="region" aria-label="Tickets">
          <div className="ticket-bar__info">
            <span className="ticket-bar__title">{show.title}</span>
            <strong>{detailPriceText(selected.price)}</strong>
            <span className="ticket-bar__when">{formatCardDate(selected.date)} · {formatTime12(selected.time)}</span>
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
