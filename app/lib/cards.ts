import { plainText } from "./description";
import type { Show } from "./shows";
import type { VenueRef } from "./venue-records";

/** What a card or a carousel slide needs of a show: keeps long listings light in the HTML. */
export type CardShow = Pick<
  Show,
  | "id"
  | "title"
  | "venue"
  | "imageUrl"
  | "image"
  | "ticketUrl"
  | "price"
  | "soldOut"
  | "isEventbrite"
  | "acceptsApplications"
  | "collection"
> &
  Pick<Partial<Show>, "timeZone" | "eventStatus" | "hideStartDate" | "isOnline"> & {
    description: string;
    lineup?: { name: string; slug: string }[];
    /** The venue record: its page link and badge flags (null: no record, plain text, no venue badge). */
    venueRecord?: VenueRef | null;
  };

export const EXCERPT_LENGTH = 220;

/** The dates a card or a slide lists before "+N more dates". */
export const CARD_DATES_SHOWN = 3;

/** A performance as a card's date lines read it. */
export type CardDate = { date: string; time: string };

/**
 * A list's dates trimmed for a card: the first CARD_DATES_SHOWN (date and time only) and how
 * many there are. The home page sends 40-odd cards; a weekly show has dozens of dates, each
 * with its ticket link and price, which no card shows.
 */
export function cardDates(upcoming: CardDate[]): { upcoming: CardDate[]; dateCount: number } {
  return {
    upcoming: upcoming.slice(0, CARD_DATES_SHOWN).map(({ date, time }) => ({ date, time })),
    dateCount: upcoming.length,
  };
}

/** A show trimmed for a card: its description as plain text, cut at a word near 220 characters. */
export function cardShow(show: Show): CardShow {
  return {
    id: show.id,
    title: show.title,
    venue: show.venue,
    imageUrl: show.imageUrl,
    image: show.image,
    ticketUrl: show.ticketUrl,
    price: show.price,
    soldOut: show.soldOut,
    isEventbrite: show.isEventbrite,
    acceptsApplications: show.acceptsApplications,
    collection: show.collection,
    timeZone: show.timeZone ?? null,
    eventStatus: show.eventStatus ?? "scheduled",
    hideStartDate: show.hideStartDate ?? false,
    isOnline: show.isOnline ?? false,
    // The platform's summary is written for listings; its description may be long HTML.
    description: excerpt(
      show.isEventbrite && show.summary?.trim() ? show.summary.trim() : plainText(show.description),
      EXCERPT_LENGTH,
    ),
    lineup: (show.lineup ?? []).map((c) => ({ name: c.name, slug: c.slug })),
    venueRecord: show.venueRecord
      ? {
          name: show.venueRecord.name,
          slug: show.venueRecord.slug,
          isClub: show.venueRecord.isClub ?? false,
          isWinery: show.venueRecord.isWinery ?? false,
        }
      : null,
  };
}

export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
