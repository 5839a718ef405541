import { format } from "date-fns";
import { dateNeedsYear, formatTime12, isIsoDate, parseIsoDate, todayIn, BUSINESS_TIME_ZONE } from "./dates";
import { safeRedirect } from "./safe-redirect";
import type { Show } from "./shows";
import { formatInZone } from "./zoned-time";

/** "19:30" → "7:30 PM", "22:00" → "10 PM" (the spec's "7:30 PM – 10 PM"). */
export function shortTime(time: string): string {
  return formatTime12(time).replace(":00 ", " ");
}

/** "16 May" from YYYY-MM-DD; "9 Jan 2027" outside the current year (`dateNeedsYear`). */
export function dayMonth(date: string, today: string = todayIn()): string {
  return isIsoDate(date)
    ? format(parseIsoDate(date), dateNeedsYear(date, today) ? "d MMM yyyy" : "d MMM")
    : date;
}

/** The show's time window for the "can attend" question: "7:30 PM – 10 PM on 16 May". */
export function attendWindowText(show: Pick<Show, "date" | "time" | "endTime">): string {
  const start = shortTime(show.time);
  const window = show.endTime ? `${start} – ${shortTime(show.endTime)}` : start;
  return `${window} on ${dayMonth(show.date)}`;
}

/** "11:59 PM, 14 May" for the closing instant, in the business zone. */
export function closesAtText(closeAt: string, zone: string = BUSINESS_TIME_ZONE): string {
  const instant = new Date(closeAt);
  return `${formatInZone(instant, "h:mm a", zone)}, ${dayMonth(formatInZone(instant, "yyyy-MM-dd", zone), todayIn(zone))}`;
}

/** Applications are open when the show takes them and the closing time (if any) has not passed. */
export function applicationsOpen(
  show: Pick<Show, "acceptsApplications" | "applicationsCloseAt">,
  now: Date = new Date(),
): boolean {
  if (!show.acceptsApplications) return false;
  if (!show.applicationsCloseAt) return true;
  return now.getTime() <= new Date(show.applicationsCloseAt).getTime();
}

/** The thank-you panel's lines, built from the show's settings. */
export function thankYouLines(
  show: Pick<Show, "contestantsNotifiedOn" | "applicationsCloseAt">,
  zone: string = BUSINESS_TIME_ZONE,
): string[] {
  const lines: string[] = [];
  lines.push(
    show.contestantsNotifiedOn
      ? `We'll email selected contestants on ${dayMonth(show.contestantsNotifiedOn)}.`
      : "We'll email selected contestants before the show.",
  );
  if (show.applicationsCloseAt)
    lines.push(`Applications close ${closesAtText(show.applicationsCloseAt, zone)}.`);
  return lines;
}

/** The refusal shown after the closing time. */
export function closedText(
  show: Pick<Show, "applicationsCloseAt">,
  zone: string = BUSINESS_TIME_ZONE,
): string {
  return show.applicationsCloseAt
    ? `Applications for this show closed at ${closesAtText(show.applicationsCloseAt, zone)}.`
    : "Applications for this show are closed.";
}

/** The search parameter that shows the thank-you panel on the show page. */
export const APPLIED_PARAM = "applied";

/**
 * Where a stored application sends the visitor: back to the show page the form was on
 * (/event/{id} or /show/{slug}, nothing else), with the thank-you flag and anchor.
 */
export function applicationReturnUrl(returnTo: unknown, showId: number): string {
  const fallback = `/event/${showId}`;
  const path = safeRedirect(typeof returnTo === "string" ? returnTo : null, fallback);
  const page = /^\/event\/\d+$|^\/show\/[^/?#]+$/.test(path) ? path : fallback;
  return `${page}?${APPLIED_PARAM}=1#contestant-application`;
}
