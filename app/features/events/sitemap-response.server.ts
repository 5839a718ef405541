import { todayIn } from "~/lib/dates";
import { sitemapFile } from "~/lib/sitemap";
import { sitemapEntries } from "~/models/public-shows.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage } from "~/utils/page-cache.server";

/** A file of the sitemap (app/lib/sitemap.ts `sitemapFile`), built once per data version (page cache). */
export function sitemapResponse(request: Request, part: number | null) {
  const xml = sitemapFile(publicOrigin(request), sitemapEntries(todayIn(getEnv().APP_TIMEZONE)), part);
  if (xml === null) throw new Response("Not Found", { status: 404 });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      ...cacheablePage(),
    },
  });
}
