import { describe, expect, it } from "vitest";
import {
  mapEventbriteEvent,
  currencyPrefix,
  descriptionOf,
  eventCurrency,
  formatMinimumPrice,
  hasFormatting,
  isHiddenEvent,
  momentOf,
  seriesIdOf,
  statusOf,
  toSyncedSeries,
  toSyncedShow,
  toSyncedVenue,
  venueToLookUp,
} from "~/lib/eventbrite";
import {
  eventbriteEventSchema,
  type EventbriteEvent,
  eventbriteEventsPageSchema,
  eventbriteVenueSchema,
} from "~/lib/eventbrite-schemas";
import { eventbriteFixture, FIXTURE_EVENTS, SINGLE_EVENTS } from "../../fakes/eventbrite";

describe("mapping a ticketing event", () => {
  const raw = {
    id: "123456789012",
    name: { text: "Friday Laughs" },
    description: { text: "A great night." },
    summary: "Great night",
    url: "https://www.eventbrite.ca/e/friday-laughs-tickets-123456789012",
    start: { local: "2026-05-16T19:30:00", timezone: "America/Toronto" },
    venue: { name: "Tipsy Toucan" },
    logo: { url: "https://img/small.jpg", original: { url: "https://img/original.jpg" } },
    ticket_availability: { minimum_ticket_price: { major_value: "25.00", currency: "CAD" } },
  };
  it("reads name, description, local start, venue, the organiser's crop of the logo and the minimum price", () => {
    const details = mapEventbriteEvent(eventbriteEventSchema.parse(raw), "https://pasted");
    expect(details).toMatchObject({
      title: "Friday Laughs",
      description: "A great night.",
      summary: "Great night",
      date: "2026-05-16",
      time: "19:30",
      venue: "Tipsy Toucan",
      imageUrl: "https://img/small.jpg",
      price: "$25",
      isEventbrite: true,
    });
  });
  it("falls back to TBA for a missing venue and price, and to the small logo", () => {
    const details = mapEventbriteEvent(
      eventbriteEventSchema.parse({
        ...raw,
        venue: null,
        ticket_availability: {},
        logo: { url: "https://img/small.jpg" },
      }),
      "https://pasted",
    );
    expect(details).toMatchObject({ venue: "TBA", price: "TBA", imageUrl: "https://img/small.jpg" });
  });
  it("reads a series parent as the sync does: the next date's day, time, link and price", () => {
    const parent = eventbriteEventSchema.parse({ ...raw, is_series_parent: true, series_id: "77" });
    const date = (id: string, day: string, price: string) =>
      eventbriteEventSchema.parse({
        ...raw,
        id,
        series_id: "77",
        url: `https://www.eventbrite.ca/e/friday-laughs-tickets-${id}`,
        start: { local: `${day}T20:00:00`, timezone: "America/Toronto" },
        ticket_availability: { minimum_ticket_price: { major_value: price, currency: "CAD" } },
      });
    const occurrences = [
      date("3", "2026-06-12", "30.00"),
      date("1", "2026-05-15", "10.00"),
      date("2", "2026-05-29", "20.00"),
    ];
    const next = mapEventbriteEvent(parent, "https://pasted", {
      series: { occurrences, today: "2026-05-16" },
    });
    expect(next).toMatchObject({
      title: "Friday Laughs",
      date: "2026-05-29",
      time: "20:00",
      price: "$20",
      ticketUrl: "https://www.eventbrite.ca/e/friday-laughs-tickets-2",
    });
    // No date left: the parent on its own.
    expect(
      mapEventbriteEvent(parent, "https://pasted", { series: { occurrences, today: "2026-07-01" } }),
    ).toMatchObject({ date: "2026-05-16", time: "19:30", price: "$25", ticketUrl: raw.url });
  });
  it("refuses an answer without a start", () => {
    expect(eventbriteEventSchema.safeParse({ id: "1", name: { text: "x" } }).success).toBe(false);
  });
});

describe("a platform event, rule by rule", () => {
  // Issue 19 (mutation testing): how a ticketing-platform event reads on this site, rule by rule:
  // prices and currencies, dates in the event's zone, venues, descriptions, hidden and cancelled
  // events, and what load-from-URL fills in.

  const event = (over: Record<string, unknown> = {}): EventbriteEvent =>
    eventbriteEventSchema.parse({
      id: "1",
      name: { text: "Friday Laughs" },
      start: { local: "2026-06-12T20:00:00", utc: "2026-06-13T00:00:00Z", timezone: "America/Toronto" },
      url: "https://www.eventbrite.ca/e/friday-laughs-tickets-1",
      ...over,
    });
  const show = (over: Record<string, unknown> = {}) =>
    toSyncedShow(event(over), { fallbackImage: "/stock.svg" });

  describe("prices as a Canadian reader expects them", () => {
    it("names each currency the way a reader here knows it", () => {
      expect(currencyPrefix(null)).toBe("$");
      expect(currencyPrefix("cad")).toBe("$");
      expect(currencyPrefix("USD")).toBe("US$");
      expect(currencyPrefix("GBP")).toBe("£");
      expect(currencyPrefix("EUR")).toBe("€");
      expect(currencyPrefix("JPY")).toBe("JPY ");
      // On a site whose own currency is the US dollar, Canadian prices are marked.
      expect(currencyPrefix("CAD", "USD")).toBe("CA$");
      expect(currencyPrefix("usd", "USD")).toBe("$");
    });

    it("takes the ticket's currency first, then the event's", () => {
      expect(eventCurrency({ currency: "usd" })).toBe("USD");
      expect(
        eventCurrency({
          currency: "cad",
          ticket_availability: { minimum_ticket_price: { currency: "gbp" } },
        }),
      ).toBe("GBP");
      expect(eventCurrency({})).toBeNull();
    });

    it("prints the minimum price in its currency, Free only when nothing costs money", () => {
      const price = (min: unknown, over: Record<string, unknown> = {}) =>
        formatMinimumPrice({ ticket_availability: { minimum_ticket_price: min as never, ...over } } as never);
      expect(price({ major_value: "25.50", currency: "USD" })).toBe("US$25.50");
      expect(price({ major_value: " ", value: 1500 })).toBe("$15");
      expect(price({ major_value: "abc", value: 900 })).toBe("$9");
      expect(price({ major_value: "abc" })).toBe("TBA");
      // A free ticket next to paid ones starts at $0; all free, or free and nothing else, is Free.
      expect(price({ major_value: "0.00" }, { maximum_ticket_price: { major_value: "20.00" } })).toBe("$0");
      expect(price({ major_value: "0.00" }, { maximum_ticket_price: { major_value: "0.00" } })).toBe("Free");
      expect(
        formatMinimumPrice({
          is_free: true,
          ticket_availability: {
            minimum_ticket_price: { major_value: "0" },
            maximum_ticket_price: { major_value: "5" },
          },
        }),
      ).toBe("Free");
      expect(formatMinimumPrice({ ticket_availability: null, is_free: false })).toBe("TBA");
    });
  });

  describe("dates in the event's own zone", () => {
    it("reads the instant in the event's zone, the local time only without one", () => {
      expect(
        momentOf({ utc: "2026-06-13T00:00:00Z", timezone: "America/Vancouver" }, "America/Toronto"),
      ).toEqual({
        date: "2026-06-12",
        time: "17:00",
        zone: "America/Vancouver",
      });
      expect(momentOf({ utc: "2026-06-13T00:00:00Z", timezone: "Not/AZone" }, "America/Toronto")).toEqual({
        date: "2026-06-12",
        time: "20:00",
        zone: "America/Toronto",
      });
      expect(momentOf({ utc: "garbage", local: "2026-06-12T21:15:00" }, "America/Toronto")).toEqual({
        date: "2026-06-12",
        time: "21:15",
        zone: "America/Toronto",
      });
      expect(momentOf({ local: "June 12" }, "America/Toronto")).toBeNull();
      expect(momentOf({ local: "x2026-06-12T21:15" }, "America/Toronto")).toBeNull();
      expect(momentOf({}, "America/Toronto")).toBeNull();
    });

    it("stores a show in another zone with that zone, and one in the business zone without", () => {
      expect(
        show({
          start: { local: "2026-06-12T17:00:00", utc: "2026-06-13T00:00:00Z", timezone: "America/Vancouver" },
        }),
      ).toMatchObject({ date: "2026-06-12", time: "17:00", timeZone: "America/Vancouver" });
      expect(show().timeZone).toBeNull();
    });

    it("keeps an end after the start, on its own day when the show runs past midnight or for days", () => {
      const end = (utc: string) => show({ end: { utc, timezone: "America/Toronto" } });
      expect(end("2026-06-13T02:30:00Z")).toMatchObject({ endTime: "22:30", endDate: null });
      expect(end("2026-06-13T05:00:00Z")).toMatchObject({ endTime: "01:00", endDate: "2026-06-13" });
      // An end at the start is the platform's "no end".
      expect(end("2026-06-13T00:00:00Z")).toMatchObject({ endTime: null, endDate: null });
      expect(end("2026-06-12T23:00:00Z")).toMatchObject({ endTime: null, endDate: null });
    });

    it("reads the local time when the instant is null, and only its hours and minutes", () => {
      expect(
        show({ start: { local: "2026-06-12T21:15:00", utc: null, timezone: "America/Vancouver" } }),
      ).toMatchObject({ date: "2026-06-12", time: "21:15", timeZone: "America/Vancouver" });
      expect(momentOf({ local: "2026-06-12T21:15:00.000" }, "America/Toronto")).toEqual({
        date: "2026-06-12",
        time: "21:15",
        zone: "America/Toronto",
      });
    });

    it("reads a local clock that is no time of day as the usual 7 PM start, never as no time", () => {
      expect(momentOf({ local: "2026-06-12T24:00:00" }, "America/Toronto")).toEqual({
        date: "2026-06-12",
        time: "19:00",
        zone: "America/Toronto",
      });
    });
  });

  describe("venues", () => {
    it("takes the address parts, trimmed, with the country in capitals", () => {
      expect(
        toSyncedVenue({
          id: "7",
          name: " Hall ",
          address: {
            address_1: " 3 Example St ",
            address_2: "",
            city: "Windsor",
            region: "ON",
            postal_code: "N9A 1A1",
            country: "ca",
            latitude: "42.3",
            longitude: "-83.0",
          },
        }),
      ).toEqual({
        externalId: "7",
        name: "Hall",
        address1: "3 Example St",
        address2: null,
        city: "Windsor",
        region: "ON",
        postalCode: "N9A 1A1",
        country: "CA",
        latitude: 42.3,
        longitude: -83,
      });
    });

    it("keeps coordinates only as a real pair: 0,0, one of two, or text are none", () => {
      const geo = (latitude: unknown, longitude: unknown) => {
        const v = toSyncedVenue({ id: "7", name: "Hall", latitude, longitude } as never)!;
        return [v.latitude, v.longitude];
      };
      expect(geo(42.3, -83)).toEqual([42.3, -83]);
      expect(geo("0", "0")).toEqual([null, null]);
      expect(geo(0, -83)).toEqual([0, -83]);
      expect(geo("42.3", "")).toEqual([null, null]);
      expect(geo("north", "-83")).toEqual([null, null]);
      expect(geo(null, -83)).toEqual([null, null]);
    });

    it("keeps a venue on the prime meridian: only 0,0 together means no coordinates", () => {
      const v = toSyncedVenue({ id: "7", name: "Greenwich Hall", latitude: "51.4779", longitude: "0" })!;
      expect([v.latitude, v.longitude]).toEqual([51.4779, 0]);
    });

    it("looks up the venue when the event's venue has an id but no name", () => {
      expect(venueToLookUp(event({ venue_id: "9", venue: { id: "9" } }))).toBe("9");
      expect(venueToLookUp(event({ venue_id: "9", venue: { id: "9", name: null } }))).toBe("9");
    });

    it("has no venue record without an id or a name", () => {
      expect(toSyncedVenue({ id: null, name: "Hall" })).toBeNull();
      expect(toSyncedVenue({ id: "7", name: "  " })).toBeNull();
      expect(toSyncedVenue(null)).toBeNull();
      expect(toSyncedVenue({ id: "7", name: "Hall" })!.country).toBeNull();
    });

    it("names an online show Online, and looks up a venue only when the event names none", () => {
      expect(show({ online_event: true, venue: { id: "7", name: "Hall" } })).toMatchObject({
        venue: "Online",
        venueRecord: null,
        isOnline: true,
      });
      expect(show({ venue: { id: "7", name: "Hall" } }).venue).toBe("Hall");
      expect(
        toSyncedShow(event(), { fallbackImage: "", venue: { id: "8", name: "Looked-up Hall" } }).venue,
      ).toBe("Looked-up Hall");
      expect(toSyncedShow(event(), { fallbackImage: "", venue: { id: null, name: " Named " } }).venue).toBe(
        "Named",
      );
      expect(venueToLookUp(event({ venue_id: "null" }))).toBeNull();
      expect(venueToLookUp(event({ venue_id: "9", venue: { id: "9", name: " " } }))).toBe("9");
      expect(venueToLookUp(event({ venue_id: "9", online_event: true }))).toBeNull();
    });
  });

  describe("descriptions", () => {
    it("keeps the organiser's formatting only when there is some", () => {
      expect(hasFormatting("<p>One</p>")).toBe(false);
      expect(hasFormatting("<p>One</p><p>Two</p>")).toBe(true);
      expect(hasFormatting("<P>One</P><P>Two</P>")).toBe(true);
      expect(hasFormatting("<p>A <EM>big</EM> night</p>")).toBe(true);
      expect(hasFormatting("<h2>Line-up</h2>")).toBe(true);
      expect(hasFormatting("<p>An <abbr>abbr</abbr> and a <br> break</p>")).toBe(false);
    });

    it("uses the plain text for plain HTML, the summary when there is no text", () => {
      expect(descriptionOf({ description: { html: "<p>Hi</p>", text: " Hi " } })).toBe("Hi");
      expect(descriptionOf({ description: { html: "<p><em>Hi</em></p>", text: "Hi" } })).toBe(
        "<p><em>Hi</em></p>",
      );
      expect(descriptionOf({ description: { html: "<script>x</script>", text: "" }, summary: " Sum " })).toBe(
        "Sum",
      );
      expect(descriptionOf({ description: null, summary: null })).toBe("");
    });

    it("trims the organiser's HTML, and takes the summary when it holds only markup and spaces", () => {
      expect(descriptionOf({ description: { html: "\n<p><em>Hi</em></p>\n", text: "Hi" } })).toBe(
        "<p><em>Hi</em></p>",
      );
      expect(descriptionOf({ description: { html: "<div> </div>", text: "" }, summary: " Sum " })).toBe(
        "Sum",
      );
    });
  });

  describe("which events are public, and their status", () => {
    it("hides unlisted, password, invite-only and draft events", () => {
      expect(isHiddenEvent({})).toBe(false);
      expect(isHiddenEvent({ listed: false })).toBe(true);
      expect(isHiddenEvent({ listed: true, password: " " })).toBe(false);
      expect(isHiddenEvent({ password: "secret" })).toBe(true);
      expect(isHiddenEvent({ invite_only: true })).toBe(true);
      expect(isHiddenEvent({ invite_only: false, status: "live" })).toBe(false);
      expect(isHiddenEvent({ status: "draft" })).toBe(true);
      expect(show({ listed: false }).hidden).toBe(true);
    });

    it("reads both spellings of cancelled, and postponed", () => {
      expect(statusOf("CANCELED")).toBe("cancelled");
      expect(statusOf("cancelled")).toBe("cancelled");
      expect(statusOf("Postponed")).toBe("postponed");
      expect(statusOf("live")).toBe("scheduled");
      expect(statusOf(null)).toBe("scheduled");
    });

    it("stores a foreign currency, a hidden start, and an untitled event's title", () => {
      expect(show({ currency: "usd" }).currency).toBe("USD");
      expect(show({ currency: "cad" }).currency).toBeNull();
      expect(show({ hide_start_date: true }).hideStartDate).toBe(true);
      expect(show().hideStartDate).toBe(false);
      expect(show({ name: { text: "  " } }).title).toBe("Untitled event");
      expect(show({ url: null }).ticketUrl).toBeNull();
      expect(show({ summary: "  " }).summary).toBeNull();
    });

    it("calls an event whose name has no text Untitled event", () => {
      expect(show({ name: { text: null } }).title).toBe("Untitled event");
      expect(show({ name: {} }).title).toBe("Untitled event");
    });

    it("asks the series endpoint by the series id, else the event's own", () => {
      expect(seriesIdOf({ id: "1", series_id: "99" })).toBe("99");
      expect(seriesIdOf({ id: "1", series_id: null })).toBe("1");
    });
  });

  describe("load details from a pasted URL", () => {
    it("fills the form from the event, keeping the pasted link when the event has none", () => {
      expect(
        mapEventbriteEvent(
          event({ url: null, logo: { url: "https://img.example/p.jpg" } }),
          "https://pasted",
        ),
      ).toEqual({
        title: "Friday Laughs",
        description: "",
        summary: null,
        date: "2026-06-12",
        time: "20:00",
        venue: "TBA",
        imageUrl: "https://img.example/p.jpg",
        ticketUrl: "https://pasted",
        price: "TBA",
        isEventbrite: true,
      });
      expect(mapEventbriteEvent(event(), "https://pasted")).toMatchObject({
        imageUrl: null,
        ticketUrl: "https://www.eventbrite.ca/e/friday-laughs-tickets-1",
      });
    });

    it("fills in a looked-up venue, and reads a start without a zone in the business's zone", () => {
      const noZone = event({ start: { local: "2026-06-12T20:00:00", utc: "2026-06-13T00:00:00Z" } });
      expect(
        mapEventbriteEvent(noZone, "https://pasted", {
          venue: { id: "8", name: "Looked-up Hall" },
          businessZone: "America/Vancouver",
        }),
      ).toMatchObject({ venue: "Looked-up Hall", date: "2026-06-12", time: "17:00" });
    });
  });

  describe("a series as one recurring show", () => {
    const at = (id: string, day: string, over: Record<string, unknown> = {}) =>
      event({
        id,
        start: { local: `${day}T19:00:00`, utc: `${day}T23:00:00Z`, timezone: "America/Toronto" },
        url: `https://www.eventbrite.ca/e/x-tickets-${id}`,
        ...over,
      });
    const parent = event({
      id: "100",
      venue: { id: "7", name: "Parent Hall" },
      ticket_availability: { minimum_ticket_price: { major_value: "20.00" } },
    });
    const series = (occurrences: EventbriteEvent[]) =>
      toSyncedSeries(parent, occurrences, { fallbackImage: "", today: "2026-06-11" })!;

    it("lists the public, scheduled dates from today on, soonest first", () => {
      const show = series([
        at("5", "2026-06-20"),
        at("4", "2026-06-19", { status: "canceled" }),
        at("3", "2026-06-18", { listed: false }),
        at("2", "2026-06-11"),
        at("1", "2026-06-10"),
      ]);
      expect(show.dates.map((d) => d.externalId)).toEqual(["2", "5"]);
      expect(series([at("1", "2026-06-11", { status: "postponed" })])).toBeNull();
    });

    it("takes the parent's venue and price for a date that has none", () => {
      const show = series([at("2", "2026-06-12")]);
      expect(show.venue).toBe("Parent Hall");
      expect(show.price).toBe("$20");
      const priced = series([
        at("2", "2026-06-12", { ticket_availability: { minimum_ticket_price: { major_value: "15.00" } } }),
      ]);
      expect(priced.price).toBe("$15");
    });

    it("reads every date in the business's own zone and currency, as it reads the parent", () => {
      const west = (id: string, over: Record<string, unknown> = {}) =>
        event({
          id,
          currency: "usd",
          start: { local: "2026-06-12T19:00:00", utc: "2026-06-13T02:00:00Z", timezone: "America/Vancouver" },
          ...over,
        });
      const show = toSyncedSeries(
        west("200"),
        [
          west("201", {
            ticket_availability: { minimum_ticket_price: { major_value: "15.00", currency: "USD" } },
          }),
        ],
        {
          fallbackImage: "",
          today: "2026-06-11",
          businessZone: "America/Vancouver",
          businessCurrency: "USD",
        },
      )!;
      expect(show).toMatchObject({
        date: "2026-06-12",
        time: "19:00",
        timeZone: null,
        price: "$15",
        currency: null,
      });
      expect(show.dates).toMatchObject([{ date: "2026-06-12", time: "19:00", price: "$15" }]);
    });
  });
});

describe("the platform's real-shaped payloads", () => {
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
        toSyncedShow(eventbriteEventSchema.parse({ ...raw, status: "postponed" }), {
          fallbackImage: FALLBACK,
        }).eventStatus,
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
        toSyncedSeries(ev("series-parent"), allSold, { fallbackImage: FALLBACK, today: "2026-11-23" })!
          .soldOut,
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
});
