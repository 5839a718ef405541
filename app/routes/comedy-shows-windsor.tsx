import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ShowStructuredData } from "~/components/show-structured-data";
import { ShowImage } from "~/components/shows/show-image";
import { VenueName } from "~/components/venue-name";
import { formatLongDate, formatTime12 } from "~/lib/dates";
import { plainText } from "~/lib/description";
import { cardPriceText } from "~/lib/price";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { listUpcoming, publicContext } from "~/models/public-shows.server";
import publicStyles from "~/styles/public.css";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

export const LANDING_SIZE = 6;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: `Comedy Shows in Windsor, Ontario | ${SITE.name}`,
    description:
      "Upcoming stand-up comedy shows in Windsor, Ontario: club nights, winery and brewery shows, and specials across Windsor-Essex. Get tickets.",
    url: data ? `${data.origin}/comedy-shows-windsor` : undefined,
    origin: data?.origin,
  });

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ request }: LoaderFunctionArgs) {
  const { today } = publicContext();
  const shows = listUpcoming(today).slice(0, LANDING_SIZE);
  return json({ origin: publicOrigin(request), shows }, { headers: cacheablePage() });
}

export default function ComedyShowsWindsor() {
  const { shows, origin } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="page-head">
        <div className="container">
          <h1>Comedy Shows in Windsor, Ontario</h1>
          <p>
            Windsor has a comedy scene worth crossing the river for. {SITE.name} runs stand-up nights all over
            Windsor-Essex: weekly club shows downtown, wine-and-laughs evenings at local wineries, brewery and
            distillery specials, and game-show nights where the audience gets in on the act.
          </p>
          <p>Here are the next shows. Grab a seat before they sell out.</p>
        </div>
      </header>
      <section className="section container" aria-labelledby="next-shows">
        <h2 id="next-shows">Upcoming comedy shows</h2>
        {shows.length === 0 ? (
          <p className="empty-state">No upcoming shows scheduled at this time.</p>
        ) : (
          <ul className="landing-list">
            {shows.map(({ show, next }) => {
              const ticketUrl = next.ticketUrl ?? show.ticketUrl;
              return (
                <li key={show.id} className="landing-item">
                  <div className="landing-item__media">
                    <ShowImage src={show.imageUrl} image={show.image} alt="" width={640} height={360} />
                    {show.soldOut ? <span className="sold-out-overlay">SOLD OUT</span> : null}
                  </div>
                  <div className="landing-item__body">
                    <h3>
                      <Link to={`/event/${show.id}`}>{show.title}</Link>
                    </h3>
                    <p>
                      <time dateTime={next.date}>{formatLongDate(next.date)}</time> ·{" "}
                      {formatTime12(next.time)}
                    </p>
                    <p className="muted">
                      <VenueName venue={show.venue} record={show.venueRecord} />
                    </p>
                    <p className="clamp-3">{plainText(show.description)}</p>
                    <p>
                      <strong>{cardPriceText(next.price)}</strong>
                    </p>
                    {!show.soldOut && ticketUrl ? (
                      <a
                        href={ticketUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="button button--primary"
                        aria-label={`Get Tickets: ${show.title} (opens in a new tab)`}
                      >
                        Get Tickets
                      </a>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="section container" aria-labelledby="why">
        <h2 id="why">Why see comedy in Windsor?</h2>
        <p>
          Shows are small enough that you'll see every facial expression and big enough to get loud. Tickets
          are affordable, the venues are local, and the line-ups mix touring headliners with homegrown talent.
        </p>
        <p>
          <Link to="/calendar">See the full calendar</Link> or{" "}
          <Link to="/club-shows">the weekly club shows</Link>.
        </p>
      </section>
      <ShowStructuredData shows={shows.map((u) => u.show)} origin={origin} />
    </>
  );
}
