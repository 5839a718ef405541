import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ShowStructuredData } from "~/components/show-structured-data";
import { EventCard } from "~/components/shows/event-card";
import { WHOLE_STYLESHEET } from "~/lib/page-styles";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { listUpcoming, publicContext } from "~/models/public-shows.server";
import publicPagesStyles from "~/styles/public-pages.css";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

export const EPIC_DADS = "epicdads";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicPagesStyles }];

/** public-pages.css holds the site's own styles too: one stylesheet (app/lib/page-styles.ts). */
export const handle = WHOLE_STYLESHEET;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: `Epic Dads Comedy Weekend | ${SITE.name}`,
    description: "Father's Day weekend comedy specials in Windsor-Essex: treat Dad to a night of stand-up.",
    url: data ? `${data.origin}/epicdads` : undefined,
    origin: data?.origin,
  });

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ request }: LoaderFunctionArgs) {
  const { today } = publicContext();
  const shows = listUpcoming(today, { collectionSlug: EPIC_DADS });
  return json({ origin: publicOrigin(request), shows }, { headers: cacheablePage() });
}

export default function EpicDads() {
  const { shows, origin } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="page-head home-epicdads">
        <div className="container">
          <Link to="/" className="back-link">
            ← Back to Home
          </Link>
          <h1>Epic Dads Comedy Weekend</h1>
          <p>
            Father's Day weekend specials: stand-up about the joys and horrors of parenting at a distillery, a
            pub and a winery.
          </p>
        </div>
      </header>
      <section className="section container" aria-label="Father's Day shows">
        {shows.length ? (
          <div className="card-grid">
            {shows.map((u) => (
              <EventCard key={u.show.id} {...u} headingLevel={2} />
            ))}
          </div>
        ) : (
          <p className="empty-state">The Father's Day shows haven't been announced yet. Check back soon!</p>
        )}
      </section>
      <ShowStructuredData shows={shows.map((u) => u.show)} origin={origin} />
    </>
  );
}
