import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildCalendarFeed } from "~/lib/calendar-feed";
import { todayIn } from "~/lib/dates";
import { listShows } from "~/models/events.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";

/** /calendar.ics: every upcoming show, for calendar subscriptions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { APP_TIMEZONE } = getEnv();
  const today = todayIn(APP_TIMEZONE);
  const body = buildCalendarFeed(listShows({ from: today }), {
    origin: publicOrigin(request),
    from: today,
    zone: APP_TIMEZONE,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="laugh-windsor-shows.ics"',
      "Cache-Control": "public, max-age=900",
    },
  });
}
