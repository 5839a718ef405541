/**
 * The venue record factory: `makeVenue` builds a record as pages see it (the `venues` table's
 * row through app/lib/venue-records.ts) for rule and component tests. The defaults know
 * nothing but a name: no address part, no coordinates, no flag, so every test states the
 * parts it is about in its overrides.
 */
import { venueSlug, type VenueRecord } from "~/lib/venue-records";

let nextId = 1;

/** A record with only a name (a new id each time; the slug follows the name); override the rest. */
export function makeVenue(overrides: Partial<VenueRecord> = {}): VenueRecord {
  const name = overrides.name ?? "Hall";
  return {
    id: nextId++,
    name,
    slug: venueSlug(name),
    address1: null,
    address2: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
    latitude: null,
    longitude: null,
    isClub: false,
    isWinery: false,
    ...overrides,
  };
}

/** Walkerville Brewery as the seed holds it: a cited street address, no postal code (scripts/seeds/venue-data.ts). */
export const WALKERVILLE: Partial<VenueRecord> = {
  name: "Walkerville Brewery",
  slug: "walkerville-brewery",
  address1: "525 Argyle Rd",
  city: "Windsor",
  region: "ON",
  country: "CA",
};
