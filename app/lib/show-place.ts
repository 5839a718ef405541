import type { Show } from "./shows";
import { addressLine, geoOf, mapsLink, postalAddressOf, type VenueRecord } from "./venue-records";
import { venueForShow } from "./venues";

/**
 * Where a show happens, for its page, JSON-LD and ICS: the venue record's address when the
 * show has one; for staff-made shows without a record, the venue page's address when the
 * venue text names one of them. Otherwise no address at all: never a guessed city.
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
};

type PlaceInput = Pick<Show, "venue"> & Pick<Partial<Show>, "isOnline" | "venueRecord">;

export function showPlace(show: PlaceInput): ShowPlace {
  if (show.isOnline) return { name: "Online", online: true, postalAddress: null, geo: null, line: null, mapUrl: null };
  // A record without any address part (e.g. made from a typed name) gives way to the venue
  // page's address when the venue text names one of those pages.
  const own = show.venueRecord && hasAddress(show.venueRecord) ? show.venueRecord : null;
  const record = own ?? legacyRecord(show.venue) ?? show.venueRecord ?? null;
  return {
    name: show.venueRecord?.name ?? show.venue,
    online: false,
    postalAddress: postalAddressOf(record),
    geo: geoOf(record),
    line: addressLine(record),
    mapUrl: mapsLink(record),
  };
}

/** The typed venue pages (app/lib/venues.ts) as a record, for shows without a venue row. */
function legacyRecord(venueText: string): VenueRecord | null {
  const page = venueForShow(venueText);
  if (!page) return null;
  const a = page.address;
  return {
    id: 0,
    name: page.name,
    slug: page.slug,
    address1: a.streetAddress ?? null,
    address2: null,
    city: a.addressLocality,
    region: a.addressRegion,
    postalCode: a.postalCode ?? null,
    country: a.addressCountry,
    latitude: null,
    longitude: null,
  };
}

function hasAddress(v: VenueRecord): boolean {
  return Boolean(v.address1 || v.city || v.postalCode || (v.latitude != null && v.longitude != null));
}
