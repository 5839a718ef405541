import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayIn } from "~/lib/dates";
import { comedianPath } from "~/lib/lineup";
import { buildSitemap, PUBLIC_PAGES } from "~/lib/sitemap";
import { uniqueShowPaths } from "~/lib/slug";
import { listComedians } from "~/models/comedians.server";
import { listShows } from "~/models/events.server";
import { venuePagePaths } from "~/models/venues.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";

/** /sitemap.xml: the public pages and every upcoming show (by slug where one resolves). */
export async function loader({ request }: LoaderFunctionArgs) {
  const shows = listShows({ from: todayIn(getEnv().APP_TIMEZONE) });
  // One address per show, even when two shows' spec slugs collide (issue 14).
  const paths = uniqueShowPaths(shows);
  const xml = buildSitemap(publicOrigin(request), [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...venuePagePaths().map((path) => ({ path })),
    ...[...new Set(shows.map((s) => paths.get(s.id)!))].map((path) => ({ path })),
    ...listComedians().flatMap((c) => (c.slug ? [{ path: comedianPath({ slug: c.slug }) }] : [])),
  ]);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
