import type { Performance } from "./recurrence";
import type { BoxOfficeView } from "./seats";
import type { Show } from "./shows";

/**
 * The two addresses of one show page (the spec's route table), served by one loader
 * (app/features/shows/show-page.server.ts) and one component (app/components/shows/show-page.tsx):
 * - "event": /event/{id}, where every card and list links; ?date= picks a date of a recurring
 *   show from the date picker.
 * - "show": /show/{slug}, the shareable address (sitemap, shared links): the slug names the
 *   date; a recurring show reads as a range of dates.
 * Each keeps the spec's own texts (see the component).
 */
export type ShowPageKind = "event" | "show";

/** What a show page renders (plain JSON). */
export type ShowPage = {
  kind: ShowPageKind;
  /** This address, absolute (canonical link, Open Graph). */
  canonicalUrl: string;
  show: Show;
  origin: string;
  /** The chosen performance in Google Calendar. */
  google: string;
  recurring: boolean;
  /** The dates a visitor can pick: the upcoming ones (all of them once none is left). */
  choices: Performance[];
  /** The performance the page is about: its time, price, ticket link and sold-out state. */
  selected: Performance;
  /** /show/{slug} of a recurring show: "Month YYYY 5-19" or first - last. */
  range: string | null;
  ticketUrl: string | null;
  /** The ticketing platform's event id, for the embedded checkout. */
  eventId: string | null;
  description: { html: string } | { text: string };
  /** Archived, or every date is past. */
  ended: boolean;
  /** The show, or the chosen date, is sold out. */
  soldOut: boolean;
  /** The date whose waitlist the page offers ("Tell me when tickets free up"), or null. */
  waitlist: string | null;
  /** The chosen performance's seats as the page shows them (issue 41, app/lib/seats.ts). */
  box: BoxOfficeView;
  /** The audience votes on their phones (a voting round for this show, not closed): link to /vote. */
  voting: boolean;
};
