import type { Show } from "./shows";
import { addressLine, geoOf, mapSearchLink, mapsLink, postalAddressOf } from "./venue-records";

/**
 * Where a show happens, for its page, JSON-LD and ICS: the venue record's address parts
 * that are known. A show without a record, or a record without an address, gives no
 * address at all: never a guessed city, and never one found by matching the venue's name.
 */
export type ShowPlace = {
  name: string;
  online: boolean;
  /** schema.org PostalAddress, or null when nothing is known. */
  postalAddress: Record<string, string> | null;
  geo: Record<string, unknown> | null;
  /** "3 Example St, Windsor, ON N9A 1A1, CA", or null. */
  line: string | null;
  mapUrl: string | null;
  /** A maps search by name and town when no street or coordinates are known (issue 42). */
  mapSearchUrl: string | null;
};

type PlaceInput = Pick<Show, "venue"> & Pick<Partial<Show>, "isOnline" | "venueRecord">;

export function showPlace(show: PlaceInput): ShowPlace {
  if (show.isOnline)
    return {
      name: "Online",
      online: true,
      postalAddress: null,
      geo: null,
      line: null,
      mapUrl: null,
      mapSearchUrl: null,
    };
  const record = show.venueRecord ?? null;
  return {
    name: show.venueRecord?.name ?? show.venue,
    online: false,
    postalAddress: postalAddressOf(record),
    geo: geoOf(record),
    line: addressLine(record),
    mapUrl: mapsLink(record),
    mapSearchUrl: mapSearchLink(record),
  };
}
