import { describe, expect, it } from "vitest";
import { inlineScriptJson } from "~/lib/inline-script-json";
import { endIso, personJsonLd, showJsonLd } from "~/lib/structured-data";
import { gameOnShow } from "../../support/shows";
import { makeVenue, WALKERVILLE } from "../../support/venues";

const ORIGIN = "https://laughwindsor.ca";

describe("showJsonLd", () => {
  it("describes a show as a schema.org ComedyEvent", () => {
    const [event] = showJsonLd(gameOnShow(), ORIGIN);
    expect(event).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ComedyEvent",
      name: "Game On! Comedy Game Show",
      startDate: "2026-05-16T19:30:00-04:00",
      endDate: "2026-05-16T22:00:00-04:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      image: ["https://laughwindsor.ca/images/shows/game-on.svg"],
      description: "Contestants compete & win prizes.",
      url: "https://laughwindsor.ca/event/42",
      offers: {
        "@type": "Offer",
        price: "15",
        priceCurrency: "CAD",
        url: "https://www.eventbrite.ca/e/game-on-tickets-700000000601",
        availability: "https://schema.org/InStock",
      },
      organizer: { "@type": "Organization", name: "Laugh Windsor" },
    });
    expect(event.location).toEqual({
      "@type": "Place",
      name: "The Manchester Pub",
      address: {
        "@type": "PostalAddress",
        addressLocality: "Windsor",
        addressRegion: "ON",
        addressCountry: "CA",
      },
    });
  });

  it("uses the Toronto offset of each date (EST in winter)", () => {
    const [event] = showJsonLd(gameOnShow({ date: "2026-12-05", time: "20:00", endTime: null }), ORIGIN);
    expect(event.startDate).toBe("2026-12-05T20:00:00-05:00");
    expect(event.endDate).toBeUndefined();
  });

  it("marks sold-out shows and leaves out an unknown price", () => {
    const [event] = showJsonLd(gameOnShow({ soldOut: true, price: "TBA", ticketUrl: null }), ORIGIN);
    expect(event.offers).toEqual({
      "@type": "Offer",
      priceCurrency: "CAD",
      url: "https://laughwindsor.ca/event/42",
      availability: "https://schema.org/SoldOut",
    });
  });

  it("gives a recurring show one event per date, with each date's own price", () => {
    const show = gameOnShow({
      dates: [
        { date: "2026-06-05", time: null, ticketUrl: null, price: null },
        { date: "2026-06-19", time: "21:30", ticketUrl: null, price: "$20" },
      ],
    });
    const events = showJsonLd(show, ORIGIN);
    expect(events.map((e) => e.startDate)).toEqual([
      "2026-06-05T19:30:00-04:00",
      "2026-06-19T21:30:00-04:00",
    ]);
    expect(events.map((e) => (e.offers as { price: string }).price)).toEqual(["15", "20"]);
  });

  it("uses the street address of a known venue", () => {
    const walkerville = makeVenue(WALKERVILLE);
    const [event] = showJsonLd(
      gameOnShow({ venue: "Walkerville Brewery", venueRecord: walkerville }),
      ORIGIN,
    );
    expect((event.location as { address: { streetAddress: string } }).address.streetAddress).toBe(
      "525 Argyle Rd",
    );
  });

  it("gives no address for a show without a venue record, even when its text names a known venue", () => {
    const [event] = showJsonLd(gameOnShow({ venue: "Walkerville Brewery", venueRecord: null }), ORIGIN);
    expect(event.location).toEqual({ "@type": "Place", name: "Walkerville Brewery" });
  });
});

describe("inlineScriptJson", () => {
  it("cannot close the script element it is written in", () => {
    const json = inlineScriptJson({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("showJsonLd with a processed poster", () => {
  it("lists the 16:9, 4:3 and 1:1 crops as absolute URLs", () => {
    const show = {
      ...gameOnShow(),
      image: { hash: "0123456789abcdef", focus: { x: 40, y: 30 }, maxWidth: 1280, placeholder: "" },
    };
    const [event] = showJsonLd(show, "https://laughwindsor.ca");
    expect(event.image).toEqual([
      "https://laughwindsor.ca/img/0123456789abcdef-40-30-16x9.jpg",
      "https://laughwindsor.ca/img/0123456789abcdef-40-30-4x3.jpg",
      "https://laughwindsor.ca/img/0123456789abcdef-40-30-1x1.jpg",
    ]);
  });
});

describe("JSON-LD at its edges", () => {
  it("ends a show the same evening, the next day past midnight, or on its own end day", () => {
    const zone = "America/Toronto";
    expect(endIso("2026-05-16", "19:30", "22:00", zone)).toBe("2026-05-16T22:00:00-04:00");
    expect(endIso("2026-05-16", "21:00", "01:00", zone)).toBe("2026-05-17T01:00:00-04:00");
    expect(endIso("2026-05-16", "21:00", "21:00", zone)).toBe("2026-05-17T21:00:00-04:00");
    expect(endIso("2026-05-16", "bad", "01:00", zone)).toBe("2026-05-16T01:00:00-04:00");
    expect(endIso("2026-05-16", "19:30", "18:00", zone, "2026-05-18")).toBe("2026-05-18T18:00:00-04:00");
    expect(endIso("2026-05-16", "19:30", "22:00", zone, "2026-05-16")).toBe("2026-05-16T22:00:00-04:00");
    expect(endIso("2026-05-16", "19:30", null, zone, "2026-05-18")).toBeUndefined();
    expect(endIso("2026-05-16", "19:30", "late", zone)).toBeUndefined();
  });

  it("a show whose start is hidden has no event to describe", () => {
    expect(showJsonLd(gameOnShow({ hideStartDate: true }), ORIGIN)).toEqual([]);
  });

  it("says when a show is called off or postponed", () => {
    expect(showJsonLd(gameOnShow({ eventStatus: "cancelled" }), ORIGIN)[0].eventStatus).toBe(
      "https://schema.org/EventCancelled",
    );
    expect(showJsonLd(gameOnShow({ eventStatus: "postponed" }), ORIGIN)[0].eventStatus).toBe(
      "https://schema.org/EventPostponed",
    );
  });

  it("an online show is attended online at its ticket link, or its page", () => {
    const [event] = showJsonLd(gameOnShow({ isOnline: true }), ORIGIN);
    expect(event.eventAttendanceMode).toBe("https://schema.org/OnlineEventAttendanceMode");
    expect(event.location).toEqual({
      "@type": "VirtualLocation",
      url: "https://www.eventbrite.ca/e/game-on-tickets-700000000601",
    });
    expect(showJsonLd(gameOnShow({ isOnline: true, ticketUrl: null }), ORIGIN)[0].location).toEqual({
      "@type": "VirtualLocation",
      url: "https://laughwindsor.ca/event/42",
    });
  });

  it("prices in the show's own currency, and in the show's own zone", () => {
    const [event] = showJsonLd(
      gameOnShow({ currency: "USD", timeZone: "America/Vancouver", endTime: null }),
      ORIGIN,
    );
    expect(event.offers).toMatchObject({ price: "15", priceCurrency: "USD" });
    expect(event.startDate).toBe("2026-05-16T19:30:00-07:00");
  });

  it("falls back to the summary, then the title, for a show without a description; to the stock image without one", () => {
    const [a] = showJsonLd(gameOnShow({ description: "", summary: "Short", imageUrl: null }), ORIGIN);
    expect(a.description).toBe("Short");
    expect(a.image).toEqual(["https://laughwindsor.ca/images/stock-show.jpg"]);
    const [b] = showJsonLd(gameOnShow({ description: "", summary: null }), ORIGIN);
    expect(b.description).toBe("Game On! Comedy Game Show");
  });

  it("describes at most twelve dates of a long series", () => {
    const dates = Array.from({ length: 15 }, (_, i) => ({
      date: `2026-06-${String(i + 1).padStart(2, "0")}`,
      time: "20:00",
      ticketUrl: null,
      price: null,
    }));
    const events = showJsonLd(gameOnShow({ date: "2026-06-01", dates }), ORIGIN);
    expect(events).toHaveLength(12);
    expect(events[11].startDate).toBe("2026-06-12T20:00:00-04:00");
  });

  it("names the line-up as performers, with their page, photo and links when they have them", () => {
    const [event] = showJsonLd(
      gameOnShow({
        lineup: [
          {
            comedianId: 1,
            name: "Ann",
            slug: "ann",
            role: "headliner",
            headshot: { hash: "0123456789abcdef", focus: { x: 50, y: 30 }, side: 800, placeholder: "" },
            links: ["https://x.example/ann"],
          },
          { comedianId: 2, name: "Bo", slug: "bo", role: "host", headshot: null, links: [] },
        ],
      }),
      ORIGIN,
    );
    expect(event.performer).toEqual([
      {
        "@type": "Person",
        name: "Ann",
        url: "https://laughwindsor.ca/comedians/ann",
        image: "https://laughwindsor.ca/img/0123456789abcdef-50-30-s512.jpg",
        sameAs: ["https://x.example/ann"],
      },
      { "@type": "Person", name: "Bo", url: "https://laughwindsor.ca/comedians/bo" },
    ]);
    expect(showJsonLd(gameOnShow({ lineup: [] }), ORIGIN)[0]).not.toHaveProperty("performer");
    expect(personJsonLd({ name: "Cy", slug: "cy", headshot: null, links: [] }, ORIGIN)).toEqual({
      "@type": "Person",
      name: "Cy",
      url: "https://laughwindsor.ca/comedians/cy",
    });
  });

  it("escapes every character that could end the script or a line in it", () => {
    const json = inlineScriptJson({ t: "<a> & b \u2028 \u2029" });
    expect(json).toBe('{"t":"\\u003ca\\u003e \\u0026 b \\u2028 \\u2029"}');
    expect(JSON.parse(json)).toEqual({ t: "<a> & b \u2028 \u2029" });
  });
});

describe("JSON-LD: end days, paragraphs and map pins", () => {
  const zone = "America/Toronto";
  it("an end day on or before the start day is not a multi-day show", () => {
    expect(endIso("2026-05-16", "19:30", "22:00", zone, "2026-05-10")).toBe("2026-05-16T22:00:00-04:00");
    expect(endIso("2026-05-16", "21:00", "01:00", zone, "2026-05-16")).toBe("2026-05-17T01:00:00-04:00");
  });

  it("an end at midnight after an unreadable start is the next day", () => {
    expect(endIso("2026-05-16", "bad", "00:00", zone)).toBe("2026-05-17T00:00:00-04:00");
  });

  it("keeps the description's paragraphs", () => {
    const [event] = showJsonLd(gameOnShow({ description: "<p>First.</p><p>Second.</p>" }), ORIGIN);
    expect(event.description).toBe("First.\n\nSecond.");
  });

  it("pins a venue with coordinates on the map", () => {
    const venueRecord = {
      id: 9,
      name: "The Manchester Pub",
      slug: "the-manchester-pub",
      address1: null,
      address2: null,
      city: "Windsor",
      region: "ON",
      postalCode: null,
      country: "CA",
      latitude: 42.3,
      longitude: -83.0,
    };
    const [event] = showJsonLd(gameOnShow({ venueRecord }), ORIGIN);
    expect((event.location as { geo?: unknown }).geo).toEqual({
      "@type": "GeoCoordinates",
      latitude: 42.3,
      longitude: -83.0,
    });
  });
});
