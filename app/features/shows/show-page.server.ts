import { json, redirect } from "@remix-run/node";
import { performanceBoxOffice } from "~/lib/box-office";
import { googleLinkFor } from "~/lib/calendar-feed";
import { dateRangeText } from "~/lib/date-range";
import { parseId } from "~/lib/ids";
import { performancesOf } from "~/lib/recurrence";
import { renderDescription } from "~/lib/sanitize";
import type { ShowPage, ShowPageKind } from "~/lib/show-page";
import type { Show } from "~/lib/shows";
import { eventbriteEventId } from "~/lib/ticketing";
import { trackingCodeParam, withAffiliate } from "~/lib/tracking";
import { canJoinWaitlist } from "~/lib/waitlist";
import { getShowForPage } from "~/models/events.server";
import { publicContext, showBySlug } from "~/models/public-shows.server";
import { showHasVotingRound } from "~/models/rounds.server";
import { findPerformance } from "~/models/waitlist.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage } from "~/utils/page-cache.server";

/** GET /event/{id}: only plain positive ids up to 15 digits; "abc", "../x" and huge numbers are 404s, never 500s. */
export function loadEventPage(request: Request, idParam: string | undefined) {
  const id = parseId(idParam);
  const show = id ? getShowForPage(id) : null;
  if (!show) throw json("Event not found", { status: 404 });
  const date = new URL(request.url).searchParams.get("date");
  return showPage(request, "event", show, date, `/event/${show.id}`);
}

/** GET /show/{slug}: the spec's slug rules; an unknown slug goes to /404. */
export function loadSlugPage(request: Request, slug: string | undefined) {
  const found = showBySlug(slug ?? "");
  if (!found) throw redirect("/404");
  return showPage(request, "show", found.show, found.date, `/show/${found.canonicalSlug}`);
}

/**
 * The one loader of a show page (app/lib/show-page.ts says what each address keeps). The chosen performance (a date of a recurring show) decides
 * the time, price, ticket link and sold-out state; a sold-out show, or a sold-out date, offers
 * the waitlist ("Tell me when tickets free up", issue 18) on both addresses.
 */
function showPage(request: Request, kind: ShowPageKind, show: Show, date: string | null, path: string) {
  const { today } = publicContext();
  const { recurring, performances } = performancesOf(show);
  const upcoming = performances.filter((p) => p.date >= today);
  const choices = upcoming.length ? upcoming : performances;
  // The slug names its date even when that date is not among the choices (a past date).
  const selected =
    choices.find((p) => p.date === date) ??
    (kind === "show" ? performances.find((p) => p.date === date) : undefined) ??
    choices[0];
  // A comic's share link (issue 41): their tracking code goes on to the platform's checkout.
  const aff = trackingCodeParam(new URL(request.url).searchParams);
  const ticketUrl = withAffiliate(selected.ticketUrl ?? show.ticketUrl, aff);
  const origin = publicOrigin(request);
  const performance = findPerformance(show.id, selected.date);
  const soldOut = show.soldOut || Boolean(performance?.soldOut) || Boolean(selected.soldOut);
  const waitlist = performance && canJoinWaitlist({ ...performance, soldOut, today }) ? selected.date : null;
  return json<ShowPage>(
    {
      kind,
      canonicalUrl: `${origin}${path}`,
      show,
      origin,
      google: googleLinkFor(show, selected, origin, getEnv().APP_TIMEZONE),
      recurring,
      choices,
      selected,
      // /show/{slug}: "a recurring event shows a range such as Month YYYY 5-19".
      range: kind === "show" && recurring ? dateRangeText(performances.map((p) => p.date)) : null,
      ticketUrl,
      // The event page also reads the id after "/e/" and before "?" (the spec's lenient rule).
      // The embedded checkout takes no tracking code: with one, the platform's page opens instead.
      eventId: aff ? null : eventbriteEventId(ticketUrl, { lenient: kind === "event" }),
      description: renderDescription(show.description),
      ended: Boolean(show.archivedAt) || upcoming.length === 0,
      soldOut,
      waitlist,
      box: performanceBoxOffice(show, selected, new Date(), getEnv().APP_TIMEZONE),
      voting: showHasVotingRound(show.id),
    },
    { headers: show.acceptsApplications ? undefined : cacheablePage() },
  );
}
