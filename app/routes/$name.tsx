import {
  json,
  redirect,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ShowStructuredData } from "~/components/show-structured-data";
import { VenuePlace } from "~/components/venue-place";
import { VenueShows } from "~/components/venue-shows";
import { todayIn } from "~/lib/dates";
import { WITHOUT_RUNTIME } from "~/lib/page-runtime";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { listShows } from "~/models/events.server";
import { findRedirect } from "~/models/redirects.server";
import { getVenueBySlug } from "~/models/venues.server";
import contentStyles from "~/styles/content.css";
import lineupStyles from "~/styles/lineup.css";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

/**
 * One path segment that no explicit route claims: the page of the venue record with that
 * slug (its marketing sections, address, upcoming shows), else a `/{name}` short link from
 * the redirects table, else 404. Explicit route files
 * always rank above this dynamic segment, so a short link can never shadow a real page.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: contentStyles },
  { rel: "stylesheet", href: lineupStyles },
];

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
/** No React in the browser: links and plain forms only (app/lib/page-runtime.ts). */
export const handle = WITHOUT_RUNTIME;

export const headers = passPageCache;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const name = params.name ?? "";
  const record = name.length <= 120 ? getVenueBySlug(name) : null;
  if (record) {
    const today = todayIn(getEnv().APP_TIMEZONE);
    const shows = listShows({ from: today, venueId: record.id });
    const venue = {
      slug: record.slug,
      name: record.name,
      title: record.pageTitle?.trim() || `Comedy at ${record.name}`,
      description: record.pageDescription?.trim() || `Upcoming stand-up comedy at ${record.name}.`,
      intro: record.intro?.trim() || null,
      sections: record.sections ?? [],
      links: record.pageLinks ?? [],
    };
    const place = {
      id: record.id,
      name: record.name,
      slug: record.slug,
      address1: record.address1,
      address2: record.address2,
      city: record.city,
      region: record.region,
      postalCode: record.postalCode,
      country: record.country,
      latitude: record.latitude,
      longitude: record.longitude,
    };
    return json(
      { venue, shows, today, origin: publicOrigin(request), record: place },
      { headers: cacheablePage() },
    );
  }
  const target = findRedirect(name);
  if (target && /^https?:\/\//i.test(target)) {
    return redirect(target, 302);
  }
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  return seoMeta({
    title: `${data.venue.title} | ${SITE.name}`,
    description: data.venue.description,
    url: `${data.origin}/${data.venue.slug}`,
    origin: data.origin,
  });
};

export default function VenuePage() {
  const { venue, shows, today, origin, record } = useLoaderData<typeof loader>();
  return (
    <article className="content-page container section venue-page">
      <p className="back-link">
        <Link to="/about">← Back to About Us</Link>
      </p>
      <header className="content-hero">
        <h1>{venue.name}</h1>
        {venue.intro ? <p className="content-lead">{venue.intro}</p> : null}
      </header>
      <div className="venue-page__sections">
        {venue.sections.map((section) => (
          <section key={section.heading} className="panel content-section">
            <h2>{section.heading}</h2>
            {section.paragraphs?.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {section.items ? (
              <ul className="check-list">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
      <VenuePlace record={record} origin={origin} pageUrl={`${origin}/${venue.slug}`} />
      <VenueShows shows={shows} today={today} venueName={venue.name} />
      <ShowStructuredData shows={shows} origin={origin} />
      {venue.links.length > 0 ? (
        <nav className="content-actions" aria-label={`More from ${SITE.name}`}>
          {venue.links.map((l) => (
            <Link key={l.to} to={l.to} className="button button--primary">
              {l.label}
            </Link>
          ))}
        </nav>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
