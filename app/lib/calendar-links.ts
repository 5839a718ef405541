import { titleWords } from "./slug";

/**
 * The links a page with a calendar feed offers: the feed itself, "Subscribe" (webcal: opens
 * the visitor's calendar app with a subscription) and "Add to Google Calendar" (Google's
 * add-by-URL page). All plain links, so they work without JavaScript.
 */
export function feedLinks(origin: string, path: string): { ics: string; webcal: string; google: string } {
  const ics = new URL(path, origin).href;
  const webcal = ics.replace(/^https?:/, "webcal:");
  return {
    ics,
    webcal,
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
  };
}

/** A recurring series' slug: every word of its title (shows with the same title are one series). */
export function seriesSlug(title: string): string {
  return titleWords(title).join("-").slice(0, 120);
}

export function seriesFeedPath(title: string): string {
  return `/series/${encodeURIComponent(seriesSlug(title))}/calendar.ics`;
}

export function comedianFeedPath(slug: string): string {
  return `/comedians/${encodeURIComponent(slug)}/calendar.ics`;
}

/** ICS/Google UTC stamp: 2026-06-10T23:30:00.000Z -> 20260610T233000Z. */
function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * "Add to Google Calendar" for one performance of a show: Google's event template with the
 * same times as the .ics download (start, and an end that is always after it).
 */
export function googleEventUrl(input: {
  title: string;
  start: number;
  end: number;
  location: string;
  pageUrl: string;
}): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: input.title,
    dates: `${utcStamp(input.start)}/${utcStamp(input.end)}`,
    location: input.location,
    details: input.pageUrl,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** One entry of an "Add to calendar" menu: a plain link (no JavaScript needed). */
export type CalendarMenuLink = {
  text: string;
  href: string;
  /** "download": the .ics file; "external": another site, opened in a new tab; "app": a webcal: link. */
  kind: "download" | "external" | "app" | "plain";
};
export type CalendarMenuGroup = { label: string; links: CalendarMenuLink[] };

/** The .ics download of a show, or of one of its dates (`?date=`: what a comedian page's date offers). */
export function showIcsPath(showId: number, date?: string): string {
  return `/event/${showId}/calendar.ics${date ? `?date=${date}` : ""}`;
}

/** "Add to calendar" for one date: the .ics file (Apple, Outlook...) and Google Calendar. */
export function dateCalendarLinks(ics: string, google: string | null): CalendarMenuLink[] {
  return [
    { text: "Apple, Outlook (.ics file)", href: ics, kind: "download" },
    ...(google ? [{ text: "Google Calendar", href: google, kind: "external" as const }] : []),
  ];
}

/** A feed to follow (a series, a comedian): subscribe in the calendar app, in Google, or the raw feed. */
export function feedCalendarLinks(links: {
  ics: string;
  webcal: string;
  google: string;
}): CalendarMenuLink[] {
  return [
    { text: "Subscribe (Apple, Outlook)", href: links.webcal, kind: "app" },
    { text: "Subscribe in Google Calendar", href: links.google, kind: "external" },
    { text: ".ics feed", href: links.ics, kind: "plain" },
  ];
}

/**
 * Issue 42 (item 7): the show page's ONE "Add to calendar" menu, with every target the page
 * offered before as separate buttons: the chosen date as an .ics file (with its reminder) and in
 * Google Calendar, unless it is sold out (Google only while it is still to come); and for a
 * recurring series still running, its feed (subscribe, Google, .ics). A recurring show's file
 * holds the chosen date only (`?date=`), like the Google link beside it: every date is what
 * the series feed is for. Empty: no menu.
 */
export function showCalendarGroups(input: {
  showId: number;
  title: string;
  date: string;
  google: string;
  origin: string;
  recurring: boolean;
  soldOut: boolean;
  ended: boolean;
}): CalendarMenuGroup[] {
  const groups: CalendarMenuGroup[] = [];
  if (!input.soldOut)
    groups.push({
      label: input.recurring ? "This date" : "This show",
      links: dateCalendarLinks(
        showIcsPath(input.showId, input.recurring ? input.date : undefined),
        input.ended ? null : input.google,
      ),
    });
  if (input.recurring && !input.ended)
    groups.push({
      label: `Every date of ${input.title}`,
      links: feedCalendarLinks(feedLinks(input.origin, seriesFeedPath(input.title))),
    });
  return groups;
}

/** `?date=` of a show's .ics download: one of the show's own dates, or null (every date). */
export function icsDateParam(param: string | null, dates: readonly string[]): string | null {
  return param && /^\d{4}-\d{2}-\d{2}$/.test(param) && dates.includes(param) ? param : null;
}
