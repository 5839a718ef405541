import { describe, expect, it } from "vitest";
import { showBadges } from "~/lib/badges";
import { showTimeText, untilText } from "~/lib/show-time";
import { mapsLink } from "~/lib/venue-records";

describe("times and places as pages say them", () => {
  it("a show in another zone says its zone", () => {
    expect(showTimeText("2031-07-18", "20:30", "America/Vancouver")).toBe("8:30 PM PDT");
    expect(showTimeText("2031-12-18", "20:30", "America/Vancouver")).toBe("8:30 PM PST");
    expect(showTimeText("2031-07-18", "20:30", null)).toBe("8:30 PM");
  });
  it("a multi-day show says until when", () => {
    expect(untilText({ endDate: "2031-08-10", endTime: "23:00", timeZone: null })).toBe(
      "Until Sunday, August 10, 2031 · 11:00 PM",
    );
    expect(untilText({ endDate: null, endTime: "23:00" })).toBeNull();
  });
  it("a maps link from coordinates or a street address, none without either", () => {
    const base = {
      id: 1,
      name: "Hall",
      slug: "hall",
      address2: null,
      region: "ON",
      postalCode: null,
      country: "CA",
    };
    expect(mapsLink({ ...base, address1: null, city: "Windsor", latitude: 42.3, longitude: -83 })).toBe(
      "https://www.google.com/maps/search/?api=1&query=42.3%2C-83",
    );
    expect(
      mapsLink({ ...base, address1: "1 Example St", city: "Windsor", latitude: null, longitude: null }),
    ).toContain("1%20Example%20St");
    expect(
      mapsLink({ ...base, address1: null, city: "Windsor", latitude: null, longitude: null }),
    ).toBeNull();
  });
  it("a cancelled show is badged CANCELLED, not SOLD OUT", () => {
    expect(
      showBadges({ soldOut: true, collection: null, eventStatus: "cancelled" }).map((b) => b.label),
    ).toEqual(["CANCELLED"]);
  });
});
