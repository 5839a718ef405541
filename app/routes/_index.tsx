import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useBusinessToday } from "~/components/business-zone";
import { HydrateApart } from "~/components/hydrate-apart";
import { ShowCarousel } from "~/components/shows/carousel";
import { EventCard } from "~/components/shows/event-card";
import { FilterPanel } from "~/components/shows/filter-panel";
import { heroPreload, ROW_CARD_SIZES } from "~/components/shows/show-image";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import { filtersToSearch, parseFilters } from "~/lib/filters";
import { GRID_SIZE } from "~/lib/home-sections";
import { WHOLE_STYLESHEET } from "~/lib/page-styles";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { homePage, publicContext } from "~/models/public-shows.server";
import publicPagesStyles from "~/styles/public-pages.css";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicPagesStyles }];

/** public-pages.css holds the site's own styles too: one stylesheet (app/lib/page-styles.ts). */
export const handle = WHOLE_STYLESHEET;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...heroPreload(data?.grid.length ? data.items[data.grid[0]].show.image : null, ROW_CARD_SIZES),
  ...seoMeta({
    title: `${SITE.name}: ${SITE.tagline}`,
    url: data ? `${data.origin}/` : undefined,
    origin: data?.origin,
  }),
];

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ request }: LoaderFunctionArgs) {
  const { today } = publicContext();
  const url = new URL(request.url);
  const page = homePage(today, parseFilters(url.searchParams), url.searchParams.get("all") === "1");
  return json({ origin: publicOrigin(request), ...page }, { headers: cacheablePage() });
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { filters } = data;
  const more = data.shown > GRID_SIZE;
  const pick = (indexes: number[]) => indexes.map((i) => data.items[i]);
  return (
    <>
      <h1 className="visually-hidden">{SITE.name}: live stand-up comedy in Windsor-Essex</h1>
      {/* The next shows and the filter come first (issue 15, item 6); the featured carousel follows. */}
      <section className="section home-events" id="events" aria-labelledby="events-title">
        <div className="container">
          <div className="section__head">
            <h2 id="events-title">Upcoming Events</h2>
          </div>
          <FilterPanel
            filters={filters}
            venues={data.venueOptions}
            shown={data.shown}
            total={data.total}
            action="/"
          />
          {data.grid.length ? (
            <HydrateApart>
              {/* On a phone each card is a row: a small poster beside its title, date and venue (issue 42, item 4). */}
              <div className="card-grid card-grid--rows">
                {/* The first card is the largest thing in a phone's first view (its LCP): fetched at once, first. */}
                {pick(data.grid).map((u, i) => (
                  <EventCard key={u.show.id} {...u} eager={i === 0} sizes={ROW_CARD_SIZES} />
                ))}
              </div>
            </HydrateApart>
          ) : (
            <div className="empty-state">
              <p>No events match your search criteria.</p>
              <Link to="/#events" preventScrollReset className="button button--outline">
                Clear filters
              </Link>
            </div>
          )}
          {more ? (
            <p className="grid-toggle">
              <Link
                to={`/${filtersToSearch(filters, data.showAll ? {} : { all: "1" })}#events`}
                preventScrollReset
                className="button button--dark"
              >
                {data.showAll ? "Show Less" : "Show All"}
              </Link>
            </p>
          ) : null}
        </div>
      </section>

      <HydrateApart>
        <ShowCarousel items={pick(data.carousel)} />
      </HydrateApart>

      <HydrateApart>
        {data.epicDads.length > 0 ? (
          <section className="section home-epicdads" aria-labelledby="epicdads-title">
            <div className="container">
              <div className="section__head">
                <h2 id="epicdads-title">Epic Dads Comedy Weekend</h2>
                <Link to="/epicdads" className="button button--primary">
                  See the Father's Day shows
                </Link>
              </div>
              <p className="lead">
                Treat Dad to a night out: Father's Day weekend specials at a distillery, a pub and a winery.
              </p>
              <div className="card-grid">
                {pick(data.epicDads).map((u) => (
                  <EventCard key={u.show.id} {...u} />
                ))}
              </div>
            </div>
          </section>
        ) : null}
      </HydrateApart>

      <HydrateApart>
        <section className="section section--dark home-club" aria-labelledby="club-title">
          <div className="container">
            <div className="section__head">
              <h2 id="club-title">Club Shows</h2>
              <Link to="/club-shows" className="button button--primary">
                All club shows
              </Link>
            </div>
            {/* The next two club shows as date lines, not cards: the grid above has their cards (issue 42, item 4). */}
            {data.club.length ? <ClubPreview items={pick(data.club)} /> : <p>No Upcoming Club Shows</p>}
          </div>
        </section>
      </HydrateApart>

      <HydrateApart>
        <section className="section about-block" aria-labelledby="about-title">
          <div className="container about-block__inner">
            <div>
              <h2 id="about-title">Windsor's home for stand-up</h2>
              <p>
                {SITE.name} brings touring headliners and the region's sharpest local comics to clubs,
                wineries, breweries and distilleries across Windsor-Essex. Weekly club nights, seasonal
                specials and game-show chaos: there's a seat with your name on it.
              </p>
              <Link to="/about" className="button button--outline">
                About us
              </Link>
            </div>
            <div className="follow-us" aria-labelledby="follow-title">
              <h2 id="follow-title">Follow us</h2>
              <p>Line-ups, last-minute seats and clips from the shows.</p>
              <ul className="follow-us__links">
                {SITE.social.map((s) => (
                  <li key={s.name}>
                    <a
                      href={s.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="button button--dark"
                    >
                      {s.name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>

        <section className="section seo-block" aria-labelledby="seo-title">
          <div className="container">
            <h2 id="seo-title">Comedy shows in Windsor, Ontario</h2>
            <p>
              Looking for something to do tonight? From downtown club nights to winery specials in Essex
              County, find every upcoming stand-up show in one place.
            </p>
            <Link to="/comedy-shows-windsor" className="button button--primary">
              Browse comedy shows in Windsor
            </Link>
          </div>
        </section>
      </HydrateApart>
    </>
  );
}

/** The club section's shows: one line each, date and time, the title linking to the show. */
function ClubPreview({
  items,
}: {
  items: { show: { id: number; title: string; soldOut?: boolean }; next: { date: string; time: string } }[];
}) {
  const today = useBusinessToday();
  return (
    <ul className="club-preview">
      {items.map(({ show, next }) => (
        <li key={show.id}>
          <Link to={`/event/${show.id}`}>
            <time dateTime={next.date}>
              {formatCardDate(next.date, today)} · {formatTime12(next.time)}
            </time>
            <span className="club-preview__title">{show.title}</span>
            {show.soldOut ? <span className="badge badge--soldout">SOLD OUT</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
