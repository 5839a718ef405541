import type { HouseRules } from "./house-rules";
import type { ShowImageRef } from "./image-variants";
import type { LineupEntry } from "./lineup";
import type { Seats } from "./seats";
import type { VenueRecord } from "./venue-records";

/**
 * The shape of a show as pages see it (plain JSON, safe to send to the browser).
 * Built by app/models/events.server.ts; the display rules in app/lib work on it.
 */
export type ShowDate = {
  date: string;
  /** HH:MM, or null to fall back to the show's time. */
  time: string | null;
  ticketUrl: string | null;
  price: string | null;
  /** The platform occurrence's own sold-out state (series dates). */
  soldOut?: boolean;
  /** The platform occurrence's seats (series dates), when the platform gave them. */
  seats?: Seats | null;
};

export type ShowCollection = { slug: string; title: string; badge: string | null };

export type Show = {
  id: number;
  externalId: string | null;
  title: string;
  description: string;
  summary: string | null;
  details: string | null;
  /** YYYY-MM-DD (Toronto). */
  date: string;
  /** HH:MM (24 h). */
  time: string;
  endTime: string | null;
  venue: string;
  imageUrl: string | null;
  /** The processed image served by the site; null/absent → a local path above, or the stock image. */
  image?: ShowImageRef | null;
  ticketUrl: string | null;
  price: string | null;
  soldOut: boolean;
  /** Seats from the platform's ticket classes (app/lib/seats.ts); absent or null when unknown. */
  seats?: Seats | null;
  /** ISO instant when archived, else null. */
  archivedAt: string | null;
  isEventbrite: boolean;
  entryFormUrl: string | null;
  collection: ShowCollection | null;
  acceptsApplications: boolean;
  /** ISO instant after which applications are refused. */
  applicationsCloseAt: string | null;
  contestantsNotifiedOn: string | null;
  applicationMinimumAge: number;
  /** The recurring dates (empty for a one-off show), ordered. */
  dates: ShowDate[];
  /** The line-up in running order (app/lib/lineup.ts); absent where a page does not need it. */
  lineup?: LineupEntry[];
  /** Last day of a multi-day show (YYYY-MM-DD), else null. */
  endDate?: string | null;
  /** IANA zone of date/time when the show is not in the business zone, else null. */
  timeZone?: string | null;
  /** ISO 4217 code of the price when not the business currency, else null. */
  currency?: string | null;
  /** A public show called off keeps its page with a badge. */
  eventStatus?: "scheduled" | "cancelled" | "postponed";
  isOnline?: boolean;
  /** The platform hides the start date: pages say "Date to be announced". */
  hideStartDate?: boolean;
  /** The venue record (address, coordinates), when the show has one. */
  venueRecord?: VenueRecord | null;
  /** House rules a visitor is told: the show's own, each empty one from its venue's (issue 42). */
  houseRules?: HouseRules;
};
