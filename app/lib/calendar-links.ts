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
