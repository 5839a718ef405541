import { Link } from "@remix-run/react";
import { CardLineup } from "~/components/lineup";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import { futurePerformances } from "~/lib/recurrence";
import type { Show } from "~/lib/shows";

/** A venue's upcoming shows, each linking to its page, with its line-up ("with A and B"). */
export function VenueShows({ shows, today, venueName }: { shows: Show[]; today: string; venueName: string }) {
  return (
    <section className="venue-shows" aria-labelledby="venue-shows-title">
      <h2 id="venue-shows-title">Upcoming shows at {venueName}</h2>
      {shows.length === 0 ? (
        <p>
          No shows are on sale here right now. <Link to="/calendar">See the full calendar</Link>.
        </p>
      ) : (
        <ul className="venue-shows__list">
          {shows.map((show) => {
            const next = futurePerformances(show, today)[0] ?? { date: show.date, time: show.time };
            return (
              <li key={show.id} className="venue-shows__item">
                <span className="venue-shows__date">
                  {formatCardDate(next.date, today)} · {formatTime12(next.time)}
                </span>
                <Link to={`/event/${show.id}`} className="venue-shows__title">
                  {show.title}
                </Link>
                {show.soldOut ? <span className="badge badge--soldout">Sold Out</span> : null}
                <CardLineup lineup={show.lineup} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
