import { seasonalCollectionNear } from "./seasonal";

/** The events grid: the first 6 shows, all of them behind "Show All". */
export const GRID_SIZE = 6;
/** The club section: the next 2 shows at the club venue. */
export const CLUB_PREVIEW = 2;
export const EPIC_DADS_PREVIEW = 3;
/**
 * The carousel holds the upcoming shows the grid above it does not, up to this many (the soonest
 * first), so the page shows each show once in the two (issue 42, item 4). The promoter
 * lists 10-20 shows at a time, so in practice that is all of them; the cap only keeps the
 * page light if hundreds are ever listed (see docs/decisions/public-browsing.md for the figures).
 */
export const CAROUSEL_MAX = 40;

/** What the section rules read of an upcoming show (its merged show and next performance). */
export type SectionItem = {
  show: { collection?: { slug: string } | null; venueRecord?: { isClub?: boolean } | null };
  next: { date: string };
};

/**
 * Which upcoming shows each home section holds, from the upcoming list and the filtered one
 * (both soonest first; the filtered one holds the same objects). Every section is a prefix of a
 * list (the carousel's: of the upcoming shows the grid leaves out), so a page needs only the first
 * few shows of each whatever the number of shows.
 *
 * Issue 42 (item 4): a show is on the page at most twice. The grid and the carousel together hold
 * the upcoming shows each once (the spec's "carousel of all events" is what the grid does not
 * already show; with "Show All" the grid holds them all and the carousel is left out); the club
 * section's two lines and a seasonal collection may name a show the grid shows too.
 */
export function homeSections<T extends SectionItem>(
  upcoming: T[],
  filtered: T[],
  today: string,
  showAll: boolean,
) {
  const epicDads = upcoming.filter((u) => u.show.collection?.slug === "epicdads");
  const grid = showAll ? filtered : filtered.slice(0, GRID_SIZE);
  const inGrid = new Set(grid);
  return {
    carousel: upcoming.filter((u) => !inGrid.has(u)).slice(0, CAROUSEL_MAX),
    // A seasonal collection only while its shows are near (app/lib/seasonal.ts).
    epicDads: seasonalCollectionNear(
      epicDads.map((u) => u.next.date),
      today,
    )
      ? epicDads.slice(0, EPIC_DADS_PREVIEW)
      : [],
    // The club section: shows at venue records staff flagged as the club.
    club: upcoming.filter((u) => u.show.venueRecord?.isClub).slice(0, CLUB_PREVIEW),
    grid,
  };
}
