import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CalendarSubscribe } from "~/components/calendar-subscribe";
import { CardTicketLink } from "~/components/shows/card-ticket-link";
import { ShowImage } from "~/components/shows/show-image";
import { VenueName } from "~/components/venue-name";
import { monthGrid, parseMonthParam, WEEKDAYS } from "~/lib/calendar";
import { formatLongDate, formatMonthYear, formatTime12, formatWeekdayShort } from "~/lib/dates";
import { WHOLE_STYLESHEET } from "~/lib/page-styles";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { calendarPage, publicContext, type CalendarTile } from "~/models/public-shows.server";
import publicPagesStyles from "~/styles/public-pages.css";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicPagesStyles }];

/** public-pages.css holds the site's own styles too: one stylesheet (app/lib/page-styles.ts). */
export const handle = WHOLE_STYLESHEET;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: `Comedy calendar${data ? `: ${formatMonthYear(data.month)}` : ""} | ${SITE.name}`,
    description: "Every upcoming stand-up comedy show in Windsor-Essex, month by month.",
    url: data ? `${data.origin}/calendar` : undefined,
    origin: data?.origin,
  });

type Tile = CalendarTile;

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ request }: LoaderFunctionArgs) {
  const { today } = publicContext();
  // An invalid or missing ?month= shows the current month (decision: no 404 for a typo).
  const month = parseMonthParam(new URL(request.url).searchParams.get("month"), today);
  return json({ origin: publicOrigin(request), ...calendarPage(month, today) }, { headers: cacheablePage() });
}

export default function CalendarPage() {
  const data = useLoaderData<typeof loader>();
  const byDate = new Map<string, Tile[]>();
  for (const t of data.tiles) byDate.set(t.date, [...(byDate.get(t.date) ?? []), t]);
  const weeks = monthGrid(data.month);
  return (
    <>
      <header className="page-head">
        <div className="container">
          <h1>Comedy Calendar</h1>
          <p>Every show, month by month. Pick a show to see details and tickets.</p>
          <CalendarSubscribe origin={data.origin} path="/calendar.ics" label="every Laugh Windsor show" />
        </div>
      </header>
      <section className="section container" aria-labelledby="cal-month">
        <nav className="cal-nav" aria-label="Months">
          <Link
            to={`/calendar?month=${data.prev}`}
            className="button button--outline"
            rel="prev"
            preventScrollReset
          >
            ‹ <span>Previous month</span>
          </Link>
          <h2 id="cal-month" aria-live="polite">
            {formatMonthYear(data.month)}
          </h2>
          <Link
            to={`/calendar?month=${data.next}`}
            className="button button--outline"
            rel="next"
            preventScrollReset
          >
            <span>Next month</span> ›
          </Link>
        </nav>
        <table className="cal-grid">
          <caption className="visually-hidden">Shows in {formatMonthYear(data.month)}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, i) => (
              <tr key={i}>
                {week.map((date, j) =>
                  date ? (
                    <td
                      key={date}
                      className={date === data.today ? "cal-today" : undefined}
                      aria-current={date === data.today ? "date" : undefined}
                    >
                      <span className="cal-day">
                        <span>{Number(date.slice(8))}</span>
                      </span>
                      <DayTiles tiles={byDate.get(date) ?? []} />
                    </td>
                  ) : (
                    <td key={`blank-${j}`} className="cal-blank" aria-hidden="true" />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <MonthAgenda byDate={byDate} today={data.today} />
      </section>

      <section className="section container" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Upcoming Events</h2>
        {data.upcoming.length ? (
          <ul className="upcoming-list">
            {data.upcoming.map((e) => (
              <li key={`${e.id}-${e.date}`} className="upcoming-item">
                <ShowImage src={e.imageUrl} image={e.image} sizes="120px" alt="" width={240} height={135} />
                <div>
                  {e.soldOut ? <p className="badge badge--soldout">Sold out</p> : null}
                  <h3>{e.title}</h3>
                  <p>
                    <time dateTime={e.date}>{formatLongDate(e.date)}</time> · {formatTime12(e.time)}
                  </p>
                  <p className="muted">
                    <VenueName venue={e.venue} record={e.venueRecord} />
                  </p>
                  <div className="event-actions">
                    <Link to={`/event/${e.id}`} className="button button--dark button--small">
                      More Info<span className="visually-hidden">: {e.title}</span>
                    </Link>
                    {e.isEventbrite && e.ticketUrl && !e.soldOut ? (
                      <CardTicketLink title={e.title} ticketUrl={e.ticketUrl} isEventbrite small />
                    ) : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>No upcoming shows right now. Check back soon!</p>
        )}
      </section>
    </>
  );
}

function DayTiles({ tiles }: { tiles: Tile[] }) {
  if (tiles.length === 0) return null;
  return (
    <ul className="cal-tiles">
      {tiles.map((t) => (
        <li key={`${t.id}-${t.archived ? "a" : "u"}`}>
          {t.archived ? (
            <span className="cal-tile cal-tile--archived" aria-disabled="true">
              <ShowImage src={t.imageUrl} image={t.image} sizes="160px" alt="" width={160} height={90} />
              <span className="cal-tile__text">
                <span className="visually-hidden">{t.title}: </span>Archived Event
              </span>
            </span>
          ) : (
            <Link to={`/event/${t.id}`} className="cal-tile" title={`${t.title}, ${formatTime12(t.time)}`}>
              <ShowImage src={t.imageUrl} image={t.image} sizes="160px" alt="" width={160} height={90} />
              {t.soldOut ? (
                <span className="badge badge--soldout">Sold out</span>
              ) : t.series ? (
                <span className="badge badge--series">Series</span>
              ) : null}
              <span className="cal-tile__text">
                {t.title}
                <span className="cal-tile__time">{formatTime12(t.time)}</span>
              </span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The month on a phone: seven columns of 48 px cannot hold a show's title, so the days
 * that have shows are listed in order, each show with its image tile, time and marks.
 */
function MonthAgenda({ byDate, today }: { byDate: Map<string, Tile[]>; today: string }) {
  const days = [...byDate.keys()].sort();
  return (
    <div className="cal-agenda">
      {days.length === 0 ? <p className="muted">No shows this month.</p> : null}
      <ol className="cal-agenda__days">
        {days.map((date) => (
          <li key={date} className="cal-agenda__day" aria-current={date === today ? "date" : undefined}>
            <p className="cal-agenda__date">
              <time dateTime={date}>
                <span>{formatWeekdayShort(date)}</span>
                <strong>{Number(date.slice(8))}</strong>
              </time>
              {date === today ? <span className="badge badge--club">Today</span> : null}
            </p>
            <ul className="cal-agenda__shows">
              {(byDate.get(date) ?? []).map((t) => (
                <li key={`${t.id}-${t.archived ? "a" : "u"}`}>
                  {t.archived ? (
                    <span className="cal-agenda__show cal-agenda__show--archived" aria-disabled="true">
                      <ShowImage src={t.imageUrl} alt="" width={160} height={90} />
                      <span className="cal-agenda__text">
                        <span className="visually-hidden">{t.title}: </span>Archived Event
                      </span>
                    </span>
                  ) : (
                    <Link to={`/event/${t.id}`} className="cal-agenda__show">
                      <ShowImage src={t.imageUrl} alt="" width={160} height={90} />
                      <span className="cal-agenda__text">
                        <span className="cal-agenda__title">{t.title}</span>
                        <span className="cal-agenda__meta">
                          {formatTime12(t.time)}
                          {t.series ? <span className="badge badge--series">Series</span> : null}
                          {t.soldOut ? <span className="badge badge--soldout">Sold out</span> : null}
                        </span>
                      </span>
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
