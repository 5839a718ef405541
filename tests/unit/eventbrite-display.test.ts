import { describe, expect, it } from "vitest";
import { showBadges } from "~/lib/badges";
import { classifyEventUrl, parseEventbriteId } from "~/lib/event-lookup";
import { cardPriceText, detailPriceText } from "~/lib/price";
import { showTimeText, untilText } from "~/lib/show-time";
import { parseSlug, slugMatches, uniqueShowSlugs } from "~/lib/slug";
import { eventbriteEventId } from "~/lib/ticketing";
import { mapsLink } from "~/lib/venue-records";

describe("prices as visitors read them", () => {
  it("a free show says Free, never 'From Free' or 'Starting at Free'", () => {
    expect(cardPriceText("Free")).toBe("Free");
    expect(detailPriceText("Free")).toBe("Free");
  });
  it("a range keeps its minimum as From; another currency keeps its sign", () => {
    expect(cardPriceText("$45")).toBe("From $45");
    expect(cardPriceText("US$20")).toBe("From US$20");
    expect(detailPriceText("US$20")).toBe("Starting at US$20");
  });
});

describe("ticketing URLs recognised for load-from-URL and the checkout", () => {
  it.each([
    ["https://www.eventbrite.com/checkout-external?eid=712074312437", "712074312437"],
    ["https://www.eventbrite.ca/checkout?eid=123456789", "123456789"],
    ["https://laughwindsor.eventbrite.ca/e/some-show-tickets-98765", "98765"],
    ["https://www.eventbrite.co.uk/e/full-moon-hikes-tickets-53882456879?aff=ebapi", "53882456879"],
    ["https://www.eventbrite.ca/e/53882456879", "53882456879"],
  ])("%s → %s", (url, id) => {
    expect(classifyEventUrl(url)).toBe("eventbrite");
    expect(parseEventbriteId(url)).toBe(id);
    expect(eventbriteEventId(url)).toBe(id);
  });
  it("an organiser's vanity address is the platform's (no id: its page is read)", () => {
    expect(classifyEventUrl("https://testevent.eventbrite.com")).toBe("eventbrite");
    expect(parseEventbriteId("https://testevent.eventbrite.com")).toBeNull();
  });
  it("a look-alike host is not the platform", () => {
    expect(classifyEventUrl("https://eventbrite.example.com/e/x-tickets-1")).toBe("generic");
    expect(eventbriteEventId("https://eventbrite.example.com/e/x-tickets-1")).toBeNull();
  });
});

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

describe("unique slugs", () => {
  const hikes = { id: 7, title: "March 19, 20, & 21  - Full Moon Hikes", date: "2031-03-19" };
  const bathing = { id: 9, title: "March 19, 20, & 21 Full Moon - Forest Bathing", date: "2031-03-19" };
  it("the spec's slug for the common case and the first-made show; more words for the other", () => {
    const slugs = uniqueShowSlugs([bathing, hikes]);
    expect(slugs.get(7)).toBe("march-19-20-21-2031-03-19");
    expect(slugs.get(9)).toBe("march-19-20-21-full-2031-03-19");
    for (const [id, slug] of slugs) {
      const parsed = parseSlug(slug)!;
      expect(slugMatches(parsed, id === 7 ? hikes : bathing)).toBe(true);
    }
  });
  it("the same title twice on one day: the id keeps them apart", () => {
    const a = { id: 1, title: "Comedy Night", date: "2031-01-01" };
    const b = { id: 2, title: "Comedy Night", date: "2031-01-01" };
    const slugs = uniqueShowSlugs([a, b]);
    expect(new Set(slugs.values()).size).toBe(2);
    expect(slugs.get(2)).toBe("comedy-night-2-2031-01-01");
  });
});
