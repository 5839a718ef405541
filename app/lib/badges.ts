import type { Show } from "./shows";
import { venueContains } from "./venue-match";

export type BadgeKind = "cancelled" | "soldout" | "winery" | "club" | "series" | "special";
export type Badge = { label: string; kind: BadgeKind };

export type BadgeVenues = { clubVenue: string; wineryVenue: string };

/** The badges of a show, in display order: SOLD OUT, Winery Event, Club Show, Series, the collection badge. */
export function showBadges(
  show: Pick<Show, "soldOut" | "venue" | "collection"> & Pick<Partial<Show>, "eventStatus">,
  venues: BadgeVenues,
  options: { series?: boolean } = {},
): Badge[] {
  const badges: Badge[] = [];
  if (show.eventStatus === "cancelled") badges.push({ label: "CANCELLED", kind: "cancelled" });
  if (show.eventStatus === "postponed") badges.push({ label: "POSTPONED", kind: "cancelled" });
  if (show.soldOut && !show.eventStatus?.match(/cancelled|postponed/)) badges.push({ label: "SOLD OUT", kind: "soldout" });
  if (venueContains(show.venue, venues.wineryVenue)) badges.push({ label: "Winery Event", kind: "winery" });
  if (venueContains(show.venue, venues.clubVenue)) badges.push({ label: "Club Show", kind: "club" });
  if (options.series) badges.push({ label: "Series", kind: "series" });
  if (show.collection?.badge) badges.push({ label: show.collection.badge, kind: "special" });
  return badges;
}
