/**
 * Venue records (the `venues` table) as pages use them: the postal address for JSON-LD,
 * ICS LOCATION and the show page, a maps link, and the slug of a new record. Pure rules.
 * An unknown part is left out: an address is never guessed.
 */
import { SITE } from "./site";
import { nameSlug } from "./slug";

export type VenueRecord = {
  id: number;
  name: string;
  slug: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The flagship club ("Club Show" badge, /club-shows) and the winery ("Winery Event"). */
  isClub?: boolean;
  isWinery?: boolean;
};

/** What a card needs to name a venue and link to its page (/{slug}) and pick its badges. */
export type VenueRef = Pick<VenueRecord, "name" | "slug" | "isClub" | "isWinery">;

/** Just what a link to the venue page needs, for loaders that send little to the browser. */
export function venueRefOf(v: Pick<VenueRecord, "slug"> | null | undefined): { slug: string } | null {
  return v ? { slug: v.slug } : null;
}

/** The venue page of a record: the spec's route is /{slug}. */
export function venuePath(v: Pick<VenueRecord, "slug">): string {
  return `/${v.slug}`;
}

/**
 * Top-level paths that the site itself answers: a venue slug equal to one would never reach its
 * venue page, so new records skip them ("about" → "about-2"). They are the first path segment
 * of every route in app/routes (`event.$id.tsx` owns /event) and the paths the server answers
 * before Remix (SERVER_PATHS in server/own-paths.ts: /build, /images, /metrics). Segments with a
 * dot (calendar.ics, robots.txt) are left out: a venue slug never has one.
 * tests/unit/lib/forms/venue.test.ts compares this list with both.
 */
export const RESERVED_SLUGS = new Set([
  "404",
  "about",
  "admin",
  "booking",
  "build",
  "calendar",
  "club-shows",
  "comedians",
  "comedy-shows-windsor",
  "confirm",
  "contact",
  "debug",
  "epicdads",
  "event",
  "healthcheck",
  "images",
  "img",
  "manage-comedians",
  "merch",
  "metrics",
  "partners",
  "privacy",
  "results",
  "series",
  "show",
  "sitemap",
  "test-delete",
  "unsubscribe",
  "venues",
  "vote",
  "waitlist",
  "webhooks",
]);

/** A URL-safe slug of a venue name: "Tipsy Toucan & Co." → "tipsy-toucan-and-co". */
export function venueSlug(name: string): string {
  return nameSlug(name, "venue");
}

/** The street line: "3 Example St, Unit 2". */
export function streetLine(v: Pick<VenueRecord, "address1" | "address2">): string | null {
  const parts = [v.address1, v.address2].filter((p): p is string => Boolean(p?.trim()));
  return parts.length ? parts.join(", ") : null;
}

/** schema.org PostalAddress fields that are known; null when nothing is. */
export function postalAddressOf(v: VenueRecord | null): Record<string, string> | null {
  if (!v) return null;
  const address: Record<string, string> = {};
  const street = streetLine(v);
  if (street) address.streetAddress = street;
  if (v.city) address.addressLocality = v.city;
  if (v.region) address.addressRegion = v.region;
  if (v.postalCode) address.postalCode = v.postalCode;
  if (v.country) address.addressCountry = v.country;
  return Object.keys(address).length ? { "@type": "PostalAddress", ...address } : null;
}

/** schema.org GeoCoordinates when both coordinates are known. */
export function geoOf(v: VenueRecord | null): Record<string, unknown> | null {
  if (!v || v.latitude == null || v.longitude == null) return null;
  return { "@type": "GeoCoordinates", latitude: v.latitude, longitude: v.longitude };
}

/** The business's own country: left off address lines (a reader in Windsor needs no "CA"). */
const HOME_COUNTRY = "CA";

/** One line of the known address parts: "3 Example St, Windsor, ON N9A 1A1"; "…, Detroit, MI 48226, US". */
export function addressLine(v: VenueRecord | null): string | null {
  if (!v) return null;
  const regionPostal = [v.region, v.postalCode].filter(Boolean).join(" ");
  const country = v.country && v.country !== HOME_COUNTRY ? v.country : null;
  const parts = [streetLine(v), v.city, regionPostal || null, country].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(", ") : null;
}

/**
 * A maps link that opens the visitor's maps app (no script, no tiles): coordinates when
 * known, else the address; null when neither is known.
 */
export function mapsLink(v: VenueRecord | null): string | null {
  if (!v) return null;
  if (v.latitude != null && v.longitude != null) {
    return `https://www.google.com/maps/search/?api=1&query=${v.latitude}%2C${v.longitude}`;
  }
  const line = addressLine(v);
  if (!line || !streetLine(v)) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${v.name}, ${line}`)}`;
}

/**
 * Issue 42, item 2: a venue whose street no source confirmed (and with no coordinates) still gets a
 * way to find the room: a maps search for its name and the town a source confirmed (else the
 * promoter's region). It invents no address: the visitor's maps app searches the name, and the page
 * says it is a search and that the street is not confirmed. Null when `mapsLink` has a real link.
 */
export function mapSearchLink(v: VenueRecord | null): string | null {
  if (!v || mapsLink(v)) return null;
  const where = v.city ? [v.city, v.region].filter(Boolean).join(", ") : SITE.region;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${v.name}, ${where}`)}`;
}

/** What a visitor reads where the street is missing. */
export const STREET_NOT_CONFIRMED = "Street address not confirmed yet";
