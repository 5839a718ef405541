import { describe, expect, it } from "vitest";
import { classifyEventUrl, parseEventbriteId, placeholderEventDetails } from "~/lib/event-lookup";
import { mapEventbriteEvent } from "~/lib/eventbrite";
import { eventbriteEventSchema } from "~/lib/eventbrite-schemas";
import { extractEventFromHtml } from "~/lib/page-metadata";

describe("ticketing URL parsing", () => {
  it("takes the digits of tickets-{digits}", () => {
    expect(
      parseEventbriteId(
        "https://www.eventbrite.ca/e/friday-laughs-tickets-123456789012?aff=ebdssbdestsearch",
      ),
    ).toBe("123456789012");
    expect(parseEventbriteId("https://www.eventbrite.com/e/show-tickets-987654321")).toBe("987654321");
  });
  it("takes a bare id after /e/ and before ?", () => {
    expect(parseEventbriteId("https://www.eventbrite.ca/e/123456789012?ref=x")).toBe("123456789012");
  });
  it("answers null when there is no id", () => {
    expect(parseEventbriteId("https://www.eventbrite.ca/o/laugh-windsor-123")).toBeNull();
    expect(parseEventbriteId("https://www.eventbrite.ca/e/some-show")).toBeNull();
  });
  it("recognises the ticketing platform, the table-booking platform and the rest", () => {
    expect(classifyEventUrl("https://www.eventbrite.ca/e/x-tickets-1234567")).toBe("eventbrite");
    expect(classifyEventUrl("https://www.exploretock.com/some-winery/event/123")).toBe("tock");
    expect(classifyEventUrl("https://exploretock.com/x")).toBe("tock");
    expect(classifyEventUrl("https://example.com/eventbrite-lookalike")).toBe("generic");
    expect(classifyEventUrl("not a url")).toBe("generic");
  });
});

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
  it("builds the spec's placeholder", () => {
    expect(placeholderEventDetails("tock", "https://exploretock.com/x", "2026-05-01")).toMatchObject({
      title: "External Tock Event",
      date: "2026-05-01",
      time: "19:00",
      venue: "TBA",
      price: "TBA",
    });
    expect(placeholderEventDetails("eventbrite", "u", "2026-05-01").title).toBe("External Eventbrite Event");
    expect(placeholderEventDetails("generic", "u", "2026-05-01").title).toBe("External Event");
  });
});

describe("page metadata", () => {
  it("prefers schema.org Event data", () => {
    const html = `<html><head><title>Page</title>
      <meta property="og:title" content="OG title">
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":"ComedyEvent","name":"Wine &amp; Laughs","startDate":"2026-06-20T20:00:00-04:00","location":{"@type":"Place","name":"Mastronardi Winery"},"image":["/img/w.jpg"],"offers":[{"price":"45"},{"price":"40.5"}]}]}</script>
      </head></html>`;
    expect(
      extractEventFromHtml(html, "https://exploretock.com/w/event/1", "tock", "2026-01-01"),
    ).toMatchObject({
      title: "Wine & Laughs",
      date: "2026-06-20",
      time: "20:00",
      venue: "Mastronardi Winery",
      imageUrl: "https://exploretock.com/img/w.jpg",
      price: "$40.50",
      isEventbrite: false,
    });
  });
  it("falls back to Open Graph tags, today and 7:00 PM", () => {
    const html = `<head><meta property="og:title" content="Comedy &amp; Wine"><meta property="og:description" content="Laughs"><meta property="og:image" content="https://x/i.png"></head>`;
    expect(extractEventFromHtml(html, "https://example.com/e", "generic", "2026-01-01")).toMatchObject({
      title: "Comedy & Wine",
      description: "Laughs",
      date: "2026-01-01",
      time: "19:00",
      venue: "TBA",
      imageUrl: "https://x/i.png",
      price: "TBA",
      ticketUrl: "https://example.com/e",
    });
  });
  it("answers null for a page with no title at all", () => {
    expect(extractEventFromHtml("<p>nothing</p>", "https://e", "generic", "2026-01-01")).toBeNull();
  });
});
