import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildCalendarFeed } from "~/lib/calendar-feed";
import { todayIn } from "~/lib/dates";
import { SITE } from "~/lib/site";
import { seriesFeedShows } from "~/models/comedian-pages.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";

/**
 * /series/{slug}/calendar.ics: every upcoming date of a recurring series (shows sharing a
 * title), for subscriptions. A series that has ended answers an empty calendar, not a 404,
 * so subscribed calendars keep working.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { APP_TIMEZONE } = getEnv();
  const today = todayIn(APP_TIMEZONE);
  const slug = params.slug ?? "";
  const found = /^[a-z0-9\p{L}-]{1,120}$/u.test(slug) ? seriesFeedShows(slug, today) : null;
  if (!found) throw new Response("Not Found", { status: 404 });
  const body = buildCalendarFeed(found.shows, {
    origin: publicOrigin(request),
    from: today,
    zone: APP_TIMEZONE,
    name: `${found.title} | ${SITE.name}`,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="series.ics"',
      "Cache-Control": "public, max-age=900",
    },
  });
}
