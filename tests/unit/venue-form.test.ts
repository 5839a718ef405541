import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { venueFormSchema } from "~/lib/forms/venue";
import { addressLine, postalAddressOf, RESERVED_SLUGS, venueSlug } from "~/lib/venue-records";
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
