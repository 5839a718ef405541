import type { Show } from "./shows";
import type { VenueRef } from "./venue-records";

export type BadgeKind = "cancelled" | "soldout" | "winery" | "club" | "series" | "special";
export type Badge = { label: string; kind: BadgeKind };

/**
 * The badges of a show, in display order: SOLD OUT, Winery Event, Club Show, Series, the
 * collection badge. The venue badges come from the flags on the show's venue record (staff
 * tick them on /admin/venues), never from the venue's name.
 */
export function showBadges(
  show: Pick<Show, "soldOut" | "collection"> &
    Pick<Partial<Show>, "eventStatus"> & { venueRecord?: Pick<VenueRef, "isClub" | "isWinery"> | null },
  options: { series?: boolean } = {},
): Badge[] {
  const badges: Badge[] = [];
  if (show.eventStatus === "cancelled") badges.push({ label: "CANCELLED", kind: "cancelled" });
  if (show.eventStatus === "postponed") badges.push({ label: "POSTPONED", kind: "cancelled" });
  if (show.soldOut && !show.eventStatus?.match(/cancelled|postponed/))
    badges.push({ label: "SOLD OUT", kind: "soldout" });
  if (show.venueRecord?.isWinery) badges.push({ label: "Winery Event", kind: "winery" });
  if (show.venueRecord?.isClub) badges.push({ label: "Club Show", kind: "club" });
  if (options.series) badges.push({ label: "Series", kind: "series" });
  if (show.collection?.badge) badges.push({ label: show.collection.badge, kind: "special" });
  return badges;
}
