import { parseWithZod } from "@conform-to/zod/v4";
import { UNSAFE_flatRoutes } from "@remix-run/dev";
import { describe, expect, it } from "vitest";
import { venueFormSchema } from "~/lib/forms/venue";
import {
  addressLine,
  geoOf,
  mapSearchLink,
  mapsLink,
  postalAddressOf,
  RESERVED_SLUGS,
  streetLine,
  venuePath,
  venueRefOf,
  venueSlug,
} from "~/lib/venue-records";
import remixConfig from "../../../../remix.config.js";
import { SERVER_PATHS } from "../../../../server/own-paths";
import { makeVenue } from "../../../support/venues";

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

// Issue 19 (mutation testing): what staff read and what is stored when the venue form is saved.
describe("the venue form, field by field", () => {
  const issues = (input: Record<string, string>) =>
    venueFormSchema.safeParse({ name: "Hall", ...input }).error?.issues ?? [];
  const messages = (input: Record<string, string>) => issues(input).map((i) => i.message);

  it("trims every text field and stores a blank one as no value", () => {
    const v = venueFormSchema.parse({
      name: "Hall",
      city: " Windsor ",
      region: "  ",
      country: " ca ",
      latitude: "  ",
      longitude: "  ",
      aboutOrder: " 3 ",
    });
    expect(v).toMatchObject({
      city: "Windsor",
      region: null,
      country: "CA",
      latitude: null,
      longitude: null,
    });
    expect(v.aboutOrder).toBe(3);
    expect(venueFormSchema.parse({ name: "Hall", country: "", latitude: "", longitude: "" })).toMatchObject({
      country: null,
      latitude: null,
      longitude: null,
    });
  });

  it("accepts coordinates up to the poles and the date line, and nothing beyond", () => {
    expect(venueFormSchema.parse({ name: "Hall", latitude: "-90", longitude: "-180" })).toMatchObject({
      latitude: -90,
      longitude: -180,
    });
    expect(venueFormSchema.parse({ name: "Hall", latitude: "90", longitude: "180" })).toMatchObject({
      latitude: 90,
      longitude: 180,
    });
    expect(messages({ latitude: "-90.5", longitude: "0" })).toEqual([
      "Latitude must be a number between -90 and 90",
    ]);
    expect(messages({ latitude: "90.5", longitude: "0" })).toEqual([
      "Latitude must be a number between -90 and 90",
    ]);
    expect(messages({ latitude: "0", longitude: "180.5" })).toEqual([
      "Longitude must be a number between -180 and 180",
    ]);
    expect(messages({ latitude: "0", longitude: "-181" })).toEqual([
      "Longitude must be a number between -180 and 180",
    ]);
  });

  it("shows the half-a-pair message under the longitude field", () => {
    expect(issues({ latitude: "42" })).toEqual([
      expect.objectContaining({
        message: "Give both latitude and longitude, or neither",
        path: ["longitude"],
      }),
    ]);
  });

  it("takes a website only as one http(s) address", () => {
    for (const ok of ["http://hall.example", "https://hall.example/shows?x=1", "HTTPS://HALL.EXAMPLE"])
      expect(venueFormSchema.parse({ name: "Hall", website: ok }).website, ok).toBe(ok);
    for (const bad of [
      "Visit https://hall.example",
      "https://hall.example and more",
      "https://",
      "hall.example",
    ])
      expect(messages({ website: bad }), bad).toEqual(["Website must start with http:// or https://"]);
  });

  it("says how long a field may be", () => {
    expect(messages({ name: "x".repeat(121) })).toEqual(["At most 120 characters"]);
    expect(messages({ city: "x".repeat(101) })).toEqual(["At most 100 characters"]);
    expect(messages({ sections: "x".repeat(10_001) })).toEqual(["At most 10000 characters"]);
    expect(messages({ pageLinks: "x".repeat(2001) })).toEqual(["At most 2000 characters"]);
  });

  it("explains a page section or link it cannot read", () => {
    expect(messages({ sections: "Text before any heading" })).toEqual([
      "Start each section with a heading line: ## Heading",
    ]);
    expect(messages({ pageLinks: "no bar here" })).toEqual([
      'Write each link as "Label | /path": "no bar here"',
    ]);
  });

  it("places the venue on /about only at a whole-number position of up to three digits", () => {
    expect(venueFormSchema.parse({ name: "Hall", aboutOrder: "120" }).aboutOrder).toBe(120);
    expect(venueFormSchema.parse({ name: "Hall", aboutOrder: "" }).aboutOrder).toBeNull();
    for (const bad of ["x3", "3x", "1000", "2.5"])
      expect(messages({ aboutOrder: bad }), bad).toEqual([
        "Position on /about is a whole number, or empty to leave the venue off",
      ]);
  });

  it("reads a ticked box as on or true, and anything else as unticked", () => {
    const flags = (input: Record<string, string>) => {
      const { isClub, isWinery } = venueFormSchema.parse({ name: "Hall", ...input });
      return { isClub, isWinery };
    };
    expect(flags({})).toEqual({ isClub: false, isWinery: false });
    expect(flags({ isClub: "true", isWinery: "on" })).toEqual({ isClub: true, isWinery: true });
    expect(flags({ isWinery: "true" })).toEqual({ isClub: false, isWinery: true });
    expect(flags({ isClub: "off", isWinery: "yes" })).toEqual({ isClub: false, isWinery: false });
  });

  it("reads only the fields the form sent, so a form without its optional fields still saves", () => {
    const form = new FormData();
    form.set("name", "Hall");
    form.set("isClub", "on");
    form.set("unrelated", "x");
    // What the server reads (the form pipeline parses the posted form through Conform).
    const submission = parseWithZod(form, { schema: venueFormSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({ name: "Hall", isClub: true });
    expect(submission.status === "success" && "unrelated" in submission.value).toBe(false);
  });
});

describe("venue slugs and the site's own paths", () => {
  // The site's pages as Remix resolves them from app/routes (its flat-routes convention and
  // remix.config.js's ignored files): about.tsx serves /about, admin.venues_.$id.tsx
  // /admin/venues/:id, calendar[.]ics.ts /calendar.ics. The first segment of each path is what a
  // venue at /{slug} would meet; a dynamic or pathless one (/:slug, the index) takes no name.
  const routes = UNSAFE_flatRoutes("app", remixConfig.ignoredRouteFiles);
  const fullPath = (id: string): string => {
    const route = routes[id];
    const parent = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const routeSegments = [...new Set(Object.keys(routes).map((id) => fullPath(id).split("/")[0]))].filter(
    (segment) => segment !== "" && !segment.startsWith(":"),
  );
  // The paths the server answers before Remix (server/own-paths.ts; the lint rule
  // house/server-own-paths keeps every registration there).
  const serverPaths = Object.values(SERVER_PATHS).map((p) => p.slice(1).split("/")[0]);
  // A venue slug is what venueSlug makes of a name: a segment with a dot can never be one.
  const couldBeSlug = (segment: string) => venueSlug(segment) === segment;

  it("reserves the first segment of every route, so a venue page never hides behind one", () => {
    expect(routeSegments).toEqual(
      expect.arrayContaining(["404", "about", "admin", "event", "sitemap", "calendar.ics", "vote"]),
    );
    for (const segment of routeSegments.filter(couldBeSlug)) {
      expect(RESERVED_SLUGS.has(segment), segment).toBe(true);
    }
  });

  it("reserves the paths the server serves itself (built assets, images)", () => {
    expect(serverPaths).toEqual(expect.arrayContaining(["build", "images", "favicon.svg", "metrics"]));
    for (const path of serverPaths.filter(couldBeSlug)) expect(RESERVED_SLUGS.has(path), path).toBe(true);
  });

  it("reserves nothing else: a venue named like no page keeps its own slug", () => {
    for (const slug of RESERVED_SLUGS) {
      expect(routeSegments.includes(slug) || serverPaths.includes(slug), slug).toBe(true);
      expect(couldBeSlug(slug), slug).toBe(true);
    }
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

  it("offers a maps search by name and town only where no street or coordinates are known (issue 42)", () => {
    const search = (q: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
    expect(mapSearchLink(full)).toBeNull();
    expect(mapSearchLink({ ...full, latitude: null })).toBeNull();
    const townOnly = { ...full, latitude: null, longitude: null, address1: null, address2: null };
    expect(mapSearchLink(townOnly)).toBe(search("Hall, Detroit, MI"));
    // No town either: the promoter's region, never a guessed town.
    expect(mapSearchLink({ ...townOnly, city: null })).toBe(search("Hall, Windsor-Essex, Ontario"));
    expect(mapSearchLink(null)).toBeNull();
  });

  it("links to the venue page at /{slug}", () => {
    expect(venuePath({ slug: "tipsy-toucan" })).toBe("/tipsy-toucan");
    expect(venueRefOf(full)).toEqual({ slug: "hall" });
    expect(venueRefOf(null)).toBeNull();
  });
});

describe("the venue's house rules (issue 42)", () => {
  it("are folded into one value, null when none is given, and a bad one is refused", () => {
    expect(
      venueFormSchema.parse({
        name: "Hall",
        ruleMinAge: "19",
        rulePhones: "Phones away",
        ruleRunningMinutes: "",
      }).houseRules,
    ).toEqual({ minAge: 19, phones: "Phones away" });
    expect(venueFormSchema.parse({ name: "Hall" }).houseRules).toBeNull();
    const bad = venueFormSchema.safeParse({ name: "Hall", ruleRunningMinutes: "two hours" });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["ruleRunningMinutes"]);
  });
});
