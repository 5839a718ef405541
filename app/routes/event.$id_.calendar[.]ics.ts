import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildCalendarFeed } from "~/lib/calendar-feed";
import { icsDateParam } from "~/lib/calendar-links";
import { todayIn } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { performancesOf } from "~/lib/recurrence";
import { getShow } from "~/models/events.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";

/**
 * /event/{id}/calendar.ics: one show (each of its dates) for "Add to calendar", with a VALARM
 * reminder; `?date=` one of its dates only (a comedian page's date, a recurring show's chosen date).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const show = getShow(parseId(params.id));
  if (!show || show.archivedAt) throw new Response("Not Found", { status: 404 });
  const { APP_TIMEZONE } = getEnv();
  const today = todayIn(APP_TIMEZONE);
  // The dates still to come; a show that is over keeps its own dates (the link still works).
  const dates = performancesOf(show).performances.map((o) => o.date);
  const one = icsDateParam(new URL(request.url).searchParams.get("date"), dates);
  const upcoming = dates.some((d) => d >= today);
  const body = buildCalendarFeed([show], {
    origin: publicOrigin(request),
    from: one ?? (upcoming ? today : undefined),
    to: one ?? undefined,
    zone: APP_TIMEZONE,
    name: show.title,
    // A one-off download gets a reminder; subscription feeds leave alarms to the visitor.
    reminders: true,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="show-${show.id}${one ? `-${one}` : ""}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
