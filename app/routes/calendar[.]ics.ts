import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayIn } from "~/lib/dates";
import { siteCalendarFeed } from "~/models/public-shows.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage } from "~/utils/page-cache.server";

/**
 * /calendar.ics: the coming year of shows, for calendar subscriptions (bounds: FEED_DAYS_AHEAD,
 * FEED_MAX_EVENTS). Built once per data version: the page cache serves it until a change.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { APP_TIMEZONE } = getEnv();
  const body = siteCalendarFeed(publicOrigin(request), todayIn(APP_TIMEZONE), APP_TIMEZONE);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="laugh-windsor-shows.ics"',
      "Cache-Control": "public, max-age=900",
      ...cacheablePage(),
    },
  });
}
