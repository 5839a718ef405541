import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildCalendarFeed } from "~/lib/calendar-feed";
import { todayIn } from "~/lib/dates";
import { listShows } from "~/models/events.server";
import { getVenueBySlug } from "~/models/venues.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";

/** /venues/{slug}/calendar.ics: every upcoming show at one venue record, to subscribe to. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const venue = getVenueBySlug(params.slug ?? "");
  if (!venue) throw new Response("Not Found", { status: 404 });
  const { APP_TIMEZONE } = getEnv();
  const today = todayIn(APP_TIMEZONE);
  const shows = listShows({ from: today, venueId: venue.id });
  const body = buildCalendarFeed(shows, {
    origin: publicOrigin(request),
    from: today,
    zone: APP_TIMEZONE,
    name: `${venue.name} shows`,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${venue.slug}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
