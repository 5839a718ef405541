import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { venueFormSchema } from "~/lib/forms/venue";
import {
  addressLine,
  geoOf,
  mapsLink,
  postalAddressOf,
  RESERVED_SLUGS,
  streetLine,
  venuePath,
  venueRefOf,
  venueSlug,
} from "~/lib/venue-records";
import { makeVenue } from "../support/venues";

describe("the venue form", () => {
  it("stores empty fields as null and reads numbers and flags", () => {
    const v = venueFormSchema.parse({
      name: " Hall ",
      address1: "",
      country: "ca",
      latitude: "42.3",
      longitude: "-83",
      isClub: "on",
    });
    expect(v).toMatchObject({
      name: "Hall",
      address1: null,
      country: "CA",
      latitude: 42.3,
      longitude: -83,
      isClub: true,
      isWinery: false,
    });
  });
  it("refuses a bad coordinate, half a coordinate, a bad country and a non-web website", () => {
    const issues = (input: Record<string, string>) =>
      (venueFormSchema.safeParse({ name: "Hall", ...input }).error?.issues ?? []).map((i) => i.message);
    expect(issues({ latitude: "north", longitude: "1" })).toContain(
      "Latitude must be a number between -90 and 90",
    );
    expect(issues({ latitude: "42" })).toContain("Give both latitude and longitude, or neither");
    expect(issues({ country: "Canada" })).toContain("Country is a two-letter code such as CA or US");
    expect(issues({ website: "javascript:alert(1)" })).toContain(
      "Website must start with http:// or https://",
    );
    expect(issues({ name: " " })).toContain("Name is required");
  });
  it("slugs and addresses leave out what is unknown", () => {
    expect(venueSlug("Tipsy Toucan & Co.")).toBe("tipsy-toucan-and-co");
    // A name with no Latin letter or digit still gets a slug.
    expect(venueSlug("李小龍")).toBe("venue");
    const record = makeVenue({ name: "Hall", city: "Windsor", region: "ON", country: "CA" });
    expect(addressLine(record)).toBe("Windsor, ON");
    expect(postalAddressOf(record)).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Windsor",
      addressRegion: "ON",
      addressCountry: "CA",
    });
    expect(postalAddressOf({ ...record, city: null, region: null, country: null })).toBeNull();
  });
});

describe("venue slugs and the site's own pages", () => {
  it("reserves every one-segment page the routes own, so a venue page never hides behind one", () => {
    // app/routes/about.tsx is /about, admin._index.tsx is /admin, calendar[.]ics.ts is /calendar.ics.
    const pages = readdirSync("app/routes")
      .map((file) => file.replace(/\.(tsx|ts)$/, "").replace(/\._index$/, ""))
      .filter((name) => !name.replaceAll("[.]", "").includes(".") && !/^[$_]/.test(name))
      .map((name) => name.replaceAll("[.]", "."));
    expect(pages).toEqual(expect.arrayContaining(["about", "admin", "calendar.ics", "vote"]));
    for (const page of pages) expect(RESERVED_SLUGS.has(page), page).toBe(true);
  });
});

describe("venue addresses as pages show them", () => {
  const full = makeVenue({
    name: "Hall",
    address1: "3 Example St",
    address2: "Unit 2",
    city: "Detroit",
    region: "MI",
    postalCode: "48226",
    country: "US",
    latitude: 42.33,
    longitude: -83.05,
  });

  it("joins the known street parts; blank ones are left out", () => {
    expect(streetLine(full)).toBe("3 Example St, Unit 2");
    expect(streetLine({ address1: " ", address2: "Unit 2" })).toBe("Unit 2");
    expect(streetLine({ address1: null, address2: "  " })).toBeNull();
  });

  it("names the country only when it is not Canada", () => {
    expect(addressLine(full)).toBe("3 Example St, Unit 2, Detroit, MI 48226, US");
    expect(addressLine({ ...full, country: "CA", region: null })).toBe(
      "3 Example St, Unit 2, Detroit, 48226",
    );
    expect(addressLine(makeVenue({ name: "Hall" }))).toBeNull();
    expect(addressLine(null)).toBeNull();
  });

  it("gives every known part to search engines, and coordinates only as a pair", () => {
    expect(postalAddressOf(full)).toEqual({
      "@type": "PostalAddress",
      streetAddress: "3 Example St, Unit 2",
      addressLocality: "Detroit",
      addressRegion: "MI",
      postalCode: "48226",
      addressCountry: "US",
    });
    expect(postalAddressOf(null)).toBeNull();
    expect(geoOf(full)).toEqual({ "@type": "GeoCoordinates", latitude: 42.33, longitude: -83.05 });
    expect(geoOf({ ...full, latitude: 0, longitude: 0 })).toEqual({
      "@type": "GeoCoordinates",
      latitude: 0,
      longitude: 0,
    });
    expect(geoOf({ ...full, longitude: null })).toBeNull();
    expect(geoOf({ ...full, latitude: null })).toBeNull();
    expect(geoOf(null)).toBeNull();
  });

  it("links to maps by coordinates, else by name and address, never by a city alone", () => {
    expect(mapsLink(full)).toBe("https://www.google.com/maps/search/?api=1&query=42.33%2C-83.05");
    expect(mapsLink({ ...full, latitude: 0, longitude: 0 })).toBe(
      "https://www.google.com/maps/search/?api=1&query=0%2C0",
    );
    expect(mapsLink({ ...full, latitude: null })).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Hall, 3 Example St, Unit 2, Detroit, MI 48226, US")}`,
    );
    expect(mapsLink({ ...full, longitude: null, address1: null, address2: null })).toBeNull();
    expect(mapsLink(null)).toBeNull();
  });

  it("links to the venue page at /{slug}", () => {
    expect(venuePath({ slug: "tipsy-toucan" })).toBe("/tipsy-toucan");
    expect(venueRefOf(full)).toEqual({ slug: "hall" });
    expect(venueRefOf(null)).toBeNull();
  });
});
