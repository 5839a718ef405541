import { describe, expect, it } from "vitest";
import { serializeJsonLd, showJsonLd } from "~/lib/structured-data";
import { gameOnShow } from "../support/shows";
import { makeVenue, WALKERVILLE } from "../support/venues";

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

describe("serializeJsonLd", () => {
  it("cannot close the script element it is written in", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
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
