import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MapPin } from "lucide-react";
import { ShowStructuredData } from "~/components/show-structured-data";
import { EventCard } from "~/components/shows/event-card";
import { VenueName } from "~/components/venue-name";
import { groupByMonth } from "~/lib/calendar";
import { formatMonthYear } from "~/lib/dates";
import { WHOLE_STYLESHEET } from "~/lib/page-styles";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { addressLine } from "~/lib/venue-records";
import { listUpcoming, publicContext } from "~/models/public-shows.server";
import { listClubVenues } from "~/models/venues.server";
import publicPagesStyles from "~/styles/public-pages.css";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicPagesStyles }];

/** public-pages.css holds the site's own styles too: one stylesheet (app/lib/page-styles.ts). */
export const handle = WHOLE_STYLESHEET;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: `Club Shows at ${data?.clubs[0]?.name ?? "the club"} | ${SITE.name}`,
    description: `Upcoming stand-up at ${data?.clubs[0]?.name ?? "our home club"}, Windsor's weekly comedy club night.`,
    url: data ? `${data.origin}/club-shows` : undefined,
    origin: data?.origin,
  });

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ request }: LoaderFunctionArgs) {
  const { today } = publicContext();
  // The club is whichever venue record staff flagged (the configuration only seeds the flag).
  const shows = listUpcoming(today, { clubOnly: true });
  const clubs = listClubVenues().map((v) => ({ name: v.name, slug: v.slug, address: addressLine(v) }));
  return json(
    {
      origin: publicOrigin(request),
      clubs,
      groups: groupByMonth(shows, (u) => u.next.date),
    },
    { headers: cacheablePage() },
  );
}

export default function ClubShows() {
  const { clubs, groups, origin } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="page-head">
        <div className="container">
          <h1>Club Shows</h1>
          {clubs.map((club) => (
            <div key={club.slug}>
              <p>
                Stand-up every week at our home club, <VenueName venue={club.name} record={club} />.
              </p>
              {/* Only an address the record holds: none is better than a guess. */}
              {club.address ? (
                <p className="venue-address">
                  <MapPin aria-hidden="true" size={20} /> <span>{club.address}</span>
                </p>
              ) : null}
            </div>
          ))}
        </div>
      </header>
      <div className="section container">
        {groups.length === 0 ? (
          <div className="empty-state">
            <p>No Upcoming Club Shows</p>
            <p className="muted">New dates are added every month. Check the calendar for other shows.</p>
          </div>
        ) : (
          groups.map((g) => (
            <section key={g.month} className="month-group" aria-labelledby={`m-${g.month}`}>
              <h2 id={`m-${g.month}`}>{formatMonthYear(g.month)}</h2>
              <div className="card-grid">
                {g.items.map((u) => (
                  <EventCard key={u.show.id} {...u} listDates />
                ))}
              </div>
            </section>
          ))
        )}
      </div>
      <ShowStructuredData shows={groups.flatMap((g) => g.items.map((u) => u.show))} origin={origin} />
    </>
  );
}
