import { describe, expect, it } from "vitest";
import { showPlace } from "~/lib/show-place";
import { makeVenue, WALKERVILLE } from "../../support/venues";

// Where a show's page, JSON-LD and calendar entry say the show is. The full record: every
// address part known; `makeVenue()` alone knows none.
const walkerville = () => makeVenue({ ...WALKERVILLE, postalCode: "N8Y 3J8" });

describe("showPlace", () => {
  it("an online show is 'Online' with no address, whatever its venue text says", () => {
    expect(showPlace({ venue: "Tipsy Toucan", isOnline: true, venueRecord: walkerville() })).toEqual({
      name: "Online",
      online: true,
      postalAddress: null,
      geo: null,
      line: null,
      mapUrl: null,
      mapSearchUrl: null,
    });
  });

  it("uses the show's venue record: its name, address line, postal address and a maps link", () => {
    const place = showPlace({ venue: "walkerville brew", venueRecord: walkerville() });
    expect(place).toEqual({
      name: "Walkerville Brewery",
      online: false,
      postalAddress: {
        "@type": "PostalAddress",
        streetAddress: "525 Argyle Rd",
        addressLocality: "Windsor",
        addressRegion: "ON",
        postalCode: "N8Y 3J8",
        addressCountry: "CA",
      },
      geo: null,
      line: "525 Argyle Rd, Windsor, ON N8Y 3J8",
      mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Walkerville Brewery, 525 Argyle Rd, Windsor, ON N8Y 3J8")}`,
      mapSearchUrl: null,
    });
  });

  it("a record with only coordinates, or only a city, or only a postal code is kept", () => {
    const coords = showPlace({
      venue: "Tipsy Toucan",
      venueRecord: makeVenue({ name: "Field", latitude: 42.3, longitude: -83 }),
    });
    expect(coords.name).toBe("Field");
    expect(coords.geo).toEqual({ "@type": "GeoCoordinates", latitude: 42.3, longitude: -83 });
    const city = showPlace({ venue: "Tipsy Toucan", venueRecord: makeVenue({ city: "Kingsville" }) });
    expect(city.line).toBe("Kingsville");
    const postal = showPlace({
      venue: "Tipsy Toucan",
      venueRecord: makeVenue({ postalCode: "N9Y 1A1" }),
    });
    expect(postal.line).toBe("N9Y 1A1");
  });

  it("a record with one coordinate only has no geo, and no address when it holds none", () => {
    for (const coordinate of [{ latitude: 42.3 }, { longitude: -83 }]) {
      const place = showPlace({
        venue: "Live at Walkerville Brewery",
        venueRecord: makeVenue({ name: "Typed", ...coordinate }),
      });
      expect(place.name).toBe("Typed");
      expect(place.geo).toBeNull();
      expect(place.postalAddress).toBeNull();
    }
  });

  it("a show without a record gets no address, even when its venue text names a venue the site knows", () => {
    const place = showPlace({ venue: "Comedy at WALKERVILLE BREWERY" });
    expect(place.name).toBe("Comedy at WALKERVILLE BREWERY");
    expect(place.online).toBe(false);
    expect(place.postalAddress).toBeNull();
    expect(place.line).toBeNull();
    expect(place.mapUrl).toBeNull();
  });

  it("a record with no address part and no venue page: the name, and no address at all (never a guessed city)", () => {
    const nameOnly = {
      name: "Somewhere New",
      online: false,
      postalAddress: null,
      geo: null,
      line: null,
      mapUrl: null,
    };
    // Issue 42: a record's page and show page still offer a maps search by its name (labelled as a
    // search, never an address); a show without a record has nothing to search by.
    expect(showPlace({ venue: "Somewhere New", venueRecord: makeVenue({ name: "Somewhere New" }) })).toEqual({
      ...nameOnly,
      mapSearchUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Somewhere New, Windsor-Essex, Ontario")}`,
    });
    expect(showPlace({ venue: "Somewhere New" })).toEqual({ ...nameOnly, mapSearchUrl: null });
  });
});
