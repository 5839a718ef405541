import { describe, expect, it } from "vitest";
import { toSyncedSeries, toSyncedShow, venueToLookUp } from "~/lib/eventbrite";
import {
  eventbriteEventSchema,
  eventbriteEventsPageSchema,
  eventbriteVenueSchema,
  type EventbriteEvent,
} from "~/lib/eventbrite-schemas";
import { eventbriteFixture, FIXTURE_EVENTS, SINGLE_EVENTS } from "../../fakes/eventbrite";

/** The mapper over every fixture (tests/fixtures/eventbrite): each field the issue names. */
const FALLBACK = "/images/stock-show.svg";
const ev = (name: string): EventbriteEvent => eventbriteEventSchema.parse(eventbriteFixture(name));
const map = (name: string, extra: Parameters<typeof toSyncedShow>[1] = { fallbackImage: FALLBACK }) =>
  toSyncedShow(ev(name), extra);
const crop = (name: string) =>
  (eventbriteFixture(name) as { logo: { url: string; original: { url: string } } }).logo;

describe("the mapper over the real-shaped fixtures", () => {
  it("out of zone: wall clock from utc + timezone, the zone kept, address and coordinates", () => {
    const show = map("out-of-zone-vancouver");
    expect(show).toMatchObject({
      externalId: "9200000001",
      title: "Laugh Windsor on Tour: Vancouver Late Show",
      date: "2031-07-18",
      time: "20:30",
      endTime: "22:30",
      endDate: null,
      timeZone: "America/Vancouver",
      venue: "Sync Test Room Vancouver",
      isOnline: false,
      price: "$30",
      currency: null,
      soldOut: false,
      eventStatus: "scheduled",
      hidden: false,
      hideStartDate: false,
      summary: "Our touring line-up on the west coast.",
      ticketUrl: "https://www.eventbrite.ca/e/laugh-windsor-on-tour-vancouver-late-show-tickets-9200000001",
      venueRecord: {
        externalId: "9301",
        name: "Sync Test Room Vancouver",
        address1: "200 Example St",
        address2: null,
        city: "Vancouver",
        region: "BC",
        postalCode: "V6B 0A2",
        country: "CA",
        latitude: 49.279,
        longitude: -123.109,
      },
    });
    expect(show.imageUrl).toBe(crop("out-of-zone-vancouver").url);
    expect(show.imageUrl).not.toBe(crop("out-of-zone-vancouver").original.url);
  });

  it("trusts utc over a local time that disagrees with it", () => {
    const raw = eventbriteFixture<Record<string, unknown>>("out-of-zone-vancouver");
    const wrongLocal = {
      ...raw,
      start: { timezone: "America/Vancouver", local: "2031-07-18T23:30:00", utc: "2031-07-19T03:30:00Z" },
    };
    expect(toSyncedShow(eventbriteEventSchema.parse(wrongLocal), { fallbackImage: FALLBACK }).time).toBe(
      "20:30",
    );
  });

  it("multi-day: ends two days later; formatted HTML kept (sanitized); the range's minimum", () => {
    const show = map("multi-day");
    expect(show).toMatchObject({
      date: "2031-08-08",
      time: "19:00",
      endDate: "2031-08-10",
      endTime: "23:00",
      timeZone: null,
      price: "$45",
      summary: "Three days of stand-up by the river.",
    });
    expect(show.description).toContain("<strong>by the river</strong>");
    expect(show.description).toContain("<li>Friday: headliners</li>");
    expect(show.description).not.toContain("script");
    expect(show.venueRecord).toMatchObject({
      externalId: "9302",
      address1: "100 Example Riverside Dr W",
      address2: "Lot B",
      postalCode: "N9A 0A1",
      latitude: 42.317,
      longitude: -83.038,
    });
  });

  it("free: Free, an address without postal code or coordinates (left out, not guessed)", () => {
    const show = map("free");
    expect(show.price).toBe("Free");
    expect(show.venueRecord).toMatchObject({
      city: "Windsor",
      postalCode: null,
      latitude: null,
      longitude: null,
    });
    // Plain description: the text, not the one-paragraph HTML.
    expect(show.description).toBe("Sign up at the door, five minutes each.");
  });

  it("USD: the platform's currency and its own zone", () => {
    const show = map("usd");
    expect(show).toMatchObject({
      price: "US$20",
      currency: "USD",
      timeZone: "America/Detroit",
      date: "2031-08-22",
      time: "20:00",
    });
    expect(show.venueRecord).toMatchObject({
      city: "Detroit",
      region: "MI",
      postalCode: "48226",
      country: "US",
    });
  });

  it("online: no venue, said as Online, no look-up", () => {
    const show = map("online");
    expect(show).toMatchObject({ isOnline: true, venue: "Online", venueRecord: null, price: "$10" });
    expect(venueToLookUp(ev("online"))).toBeNull();
  });

  it("unlisted, password-protected or invite-only and draft events are hidden", () => {
    expect(map("unlisted").hidden).toBe(true);
    expect(map("password").hidden).toBe(true);
    expect(map("draft").hidden).toBe(true);
    expect(map("cancelled").hidden).toBe(false);
  });

  it("cancelled (the platform's spelling 'canceled') and postponed statuses", () => {
    const raw = eventbriteFixture<Record<string, unknown>>("cancelled");
    expect(map("cancelled").eventStatus).toBe("scheduled");
    expect(
      toSyncedShow(eventbriteEventSchema.parse({ ...raw, status: "canceled" }), { fallbackImage: FALLBACK })
        .eventStatus,
    ).toBe("cancelled");
    expect(
      toSyncedShow(eventbriteEventSchema.parse({ ...raw, status: "postponed" }), { fallbackImage: FALLBACK })
        .eventStatus,
    ).toBe("postponed");
  });

  it("hide_start_date is carried", () => {
    expect(map("hide-start-date").hideStartDate).toBe(true);
  });

  it("series: one recurring show with every future date, each with its own link and sold-out state", () => {
    const occurrences = eventbriteEventsPageSchema.parse(eventbriteFixture("series-occurrences")).events;
    const show = toSyncedSeries(ev("series-parent"), occurrences, {
      fallbackImage: FALLBACK,
      today: "2026-11-23",
    })!;
    expect(show).toMatchObject({
      externalId: "9200000010",
      title: "Tuesday Stand-Up Series",
      date: "2031-09-02",
      time: "20:00",
      endDate: null,
      soldOut: false,
    });
    expect(show.dates).toEqual([
      {
        externalId: "92000000111",
        date: "2031-09-02",
        time: "20:00",
        ticketUrl: "https://www.eventbrite.ca/e/tuesday-stand-up-series-tickets-92000000111",
        price: "$15",
        soldOut: false,
        seats: null,
      },
      {
        externalId: "92000000121",
        date: "2031-09-09",
        time: "20:00",
        ticketUrl: "https://www.eventbrite.ca/e/tuesday-stand-up-series-tickets-92000000121",
        price: "$15",
        soldOut: true,
        seats: null,
      },
      {
        externalId: "92000000131",
        date: "2031-09-16",
        time: "20:00",
        ticketUrl: "https://www.eventbrite.ca/e/tuesday-stand-up-series-tickets-92000000131",
        price: "$15",
        soldOut: false,
        seats: null,
      },
    ]);
    // Every date sold out: the show is.
    const allSold = occurrences.map((o) => ({
      ...o,
      ticket_availability: { ...o.ticket_availability, is_sold_out: true },
    }));
    expect(
      toSyncedSeries(ev("series-parent"), allSold, { fallbackImage: FALLBACK, today: "2026-11-23" })!.soldOut,
    ).toBe(true);
    // Nothing left in the future: no show.
    expect(
      toSyncedSeries(ev("series-parent"), occurrences, { fallbackImage: FALLBACK, today: "2032-01-01" }),
    ).toBeNull();
  });

  it("the captured colliding pair: venue from the look-up (address, coordinates), USD without prices, the crop", () => {
    const venue = eventbriteVenueSchema.parse(eventbriteFixture("venue-27665366"));
    const hikes = ev("collision-full-moon-hikes");
    expect(venueToLookUp(hikes)).toBe("27665366");
    const show = toSyncedShow(hikes, { fallbackImage: FALLBACK, venue });
    expect(show).toMatchObject({
      title: "March 19, 20, & 21  - Full Moon Hikes",
      date: "2031-03-19",
      time: "19:30",
      endTime: "21:30",
      timeZone: "America/New_York",
      venue: "24th & R St NE / National Arboretum",
      price: "TBA",
      venueRecord: {
        address1: "R Street Northeast",
        city: "Washington",
        region: "DC",
        postalCode: "20002",
        country: "US",
        latitude: 38.9126307,
      },
    });
    expect(show.imageUrl).toContain("rect=0%2C236%2C6000%2C3000");
  });

  it("every fixture the fake serves as an event parses and maps without throwing", () => {
    for (const name of [...FIXTURE_EVENTS, ...SINGLE_EVENTS]) {
      expect(() => map(name)).not.toThrow();
    }
  });
});
