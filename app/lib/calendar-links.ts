import { titleWords } from "./slug";

/**
 * The links a page with a calendar feed offers: the feed itself, "Subscribe" (webcal: opens
 * the visitor's calendar app with a subscription) and "Add to Google Calendar" (Google's
 * add-by-URL page). All plain links, so they work without JavaScript.
 */
export function feedLinks(origin: string, path: string): { ics: string; webcal: string; google: string } {
  const ics = new URL(path, origin).href;
  const webcal = ics.replace(/^https?:/, "webcal:");
  return { ics, webcal, google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}` };
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
