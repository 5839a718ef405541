import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildCalendarFeed } from "~/lib/calendar-feed";
import { todayIn } from "~/lib/dates";
import { SITE } from "~/lib/site";
import { comedianFeedShows } from "~/models/comedian-pages.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";

/** /comedians/{slug}/calendar.ics: every upcoming show the comedian is on, for subscriptions. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { APP_TIMEZONE } = getEnv();
  const today = todayIn(APP_TIMEZONE);
  const found = comedianFeedShows(params.slug ?? "", today);
  if (!found) throw new Response("Not Found", { status: 404 });
  const body = buildCalendarFeed(found.shows, {
    origin: publicOrigin(request),
    from: today,
    zone: APP_TIMEZONE,
    name: `${found.comedian.name} | ${SITE.name}`,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${found.comedian.slug ?? "comedian"}.ics"`,
      "Cache-Control": "public, max-age=900",
    },
  });
}
