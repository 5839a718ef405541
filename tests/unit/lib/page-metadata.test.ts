import { describe, expect, it } from "vitest";
import { extractEventFromHtml } from "~/lib/page-metadata";

/**
 * Reading an event out of a pasted page (app/lib/page-metadata.ts): what staff see filled in
 * on the event form after pasting a table-booking or other link. JSON-LD first, then Open
 * Graph, then <title>; every field has a fallback a person can correct.
 */

const PAGE = "https://tickets.example/w/event/1";
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const read = (html: string, kind: "eventbrite" | "tock" | "generic" = "generic") =>
  extractEventFromHtml(html, PAGE, kind, "2026-01-01");

describe("finding the event in JSON-LD", () => {
  it("skips broken blocks and things that are not events, and looks inside @graph and lists", () => {
    const html = [
      `<script type="application/ld+json">{not json</script>`,
      ld({ "@type": "Organization", name: "The Winery" }),
      ld({ "@type": "EventSeries", name: "The Series" }),
      ld([
        { "@type": "WebPage", name: "Page" },
        { "@graph": [{ "@type": "Place" }, { "@type": ["Thing", "ComedyEvent"], name: " Wine & Laughs " }] },
      ]),
    ].join("");
    expect(read(html)?.title).toBe("Wine & Laughs");
  });

  it("ignores a JSON-LD block of the wrong script type and events without a usable name", () => {
    const html = `<title>Page title</title><script type="text/json">${JSON.stringify({ "@type": "Event", name: "Hidden" })}</script>${ld({ "@type": "Event", name: "  " })}`;
    expect(read(html)?.title).toBe("Page title");
    expect(read(`<title>T</title>${ld({ "@type": "Event", name: 42 })}`)?.title).toBe("T");
    expect(read(`<title>T</title>${ld({ "@type": 7, name: "Seven" })}`)?.title).toBe("T");
    expect(read(`<title>T</title>${ld("Event")}${ld(null)}`)?.title).toBe("T");
  });
});

describe("the title", () => {
  it("falls back to og:title, then twitter:title by name, then <title>, trimmed; blank tags do not count", () => {
    expect(read(`<meta property="og:title" content="  OG  "><title>T</title>`)?.title).toBe("OG");
    expect(
      read(`<meta property="og:title" content="  "><meta name="twitter:title" content="Tw"><title>T</title>`)
        ?.title,
    ).toBe("Tw");
    expect(read(`<meta name="og:title" content="By name">`)?.title).toBe("By name");
    expect(read(`<title>  Plain  </title>`)?.title).toBe("Plain");
    expect(read(`<title>   </title>`)).toBeNull();
  });
});

describe("date and time", () => {
  it("takes the wall-clock date and time as written, with a T or a space", () => {
    expect(read(ld({ "@type": "Event", name: "A", startDate: "2026-05-16T19:30:00-04:00" }))).toMatchObject({
      date: "2026-05-16",
      time: "19:30",
    });
    expect(read(ld({ "@type": "Event", name: "A", startDate: "2026-05-16 21:15" }))).toMatchObject({
      date: "2026-05-16",
      time: "21:15",
    });
  });

  it("a date without a time, or with an impossible time, starts at 7:00 PM", () => {
    expect(read(ld({ "@type": "Event", name: "A", startDate: "2026-05-16" }))).toMatchObject({
      date: "2026-05-16",
      time: "19:00",
    });
    expect(read(ld({ "@type": "Event", name: "A", startDate: "2026-05-16T25:00" }))).toMatchObject({
      date: "2026-05-16",
      time: "19:00",
    });
  });

  it("reads event:start_time when there is no JSON-LD start, and today for an unreadable start", () => {
    expect(
      read(`<title>A</title><meta property="event:start_time" content="2026-07-01T20:00">`),
    ).toMatchObject({
      date: "2026-07-01",
      time: "20:00",
    });
    expect(read(ld({ "@type": "Event", name: "A", startDate: "May 16, 2026" }))).toMatchObject({
      date: "2026-01-01",
      time: "19:00",
    });
    expect(read(ld({ "@type": "Event", name: "A", startDate: "x2026-05-16" }))?.date).toBe("2026-01-01");
  });
});

describe("venue, image, price, description and link", () => {
  it("reads the venue as text or as a place's name, else TBA", () => {
    expect(read(ld({ "@type": "Event", name: "A", location: "Tipsy Toucan" }))?.venue).toBe("Tipsy Toucan");
    expect(read(ld({ "@type": "Event", name: "A", location: { name: " Mastronardi " } }))?.venue).toBe(
      "Mastronardi",
    );
    expect(read(ld({ "@type": "Event", name: "A", location: {} }))?.venue).toBe("TBA");
  });

  it("takes the first image of a list, an image object's url, or og:image, made absolute", () => {
    expect(read(ld({ "@type": "Event", name: "A", image: ["/a.jpg", "/b.jpg"] }))?.imageUrl).toBe(
      "https://tickets.example/a.jpg",
    );
    expect(read(ld({ "@type": "Event", name: "A", image: { url: "img/c.png" } }))?.imageUrl).toBe(
      "https://tickets.example/w/event/img/c.png",
    );
    expect(read(ld({ "@type": "Event", name: "A", image: "https://cdn.example/d.jpg" }))?.imageUrl).toBe(
      "https://cdn.example/d.jpg",
    );
    expect(read(`<title>A</title><meta property="og:image" content="/og.jpg">`)?.imageUrl).toBe(
      "https://tickets.example/og.jpg",
    );
    expect(read(`<title>A</title>`)?.imageUrl).toBeNull();
    expect(read(ld({ "@type": "Event", name: "A", image: null }))?.imageUrl).toBeNull();
  });

  it("keeps an address as written when the page's own address cannot resolve it", () => {
    const html = `<title>A</title><meta property="og:image" content="/og.jpg">`;
    expect(extractEventFromHtml(html, "not a url", "generic", "2026-01-01")?.imageUrl).toBe("/og.jpg");
  });

  it("shows the lowest offer, whole dollars without cents, and TBA without a number", () => {
    const offers = [{ price: "40" }, { price: 25.5 }, { lowPrice: "30" }, { price: "free?" }];
    expect(read(ld({ "@type": "Event", name: "A", offers }))?.price).toBe("$25.50");
    expect(read(ld({ "@type": "Event", name: "A", offers: { lowPrice: 15 } }))?.price).toBe("$15");
    expect(read(ld({ "@type": "Event", name: "A", offers: [{ price: "n/a" }] }))?.price).toBe("TBA");
    expect(read(ld({ "@type": "Event", name: "A", offers: [null, { price: 0 }] }))?.price).toBe("$0");
  });

  it("takes the description from JSON-LD, og:description, then the description tag, else nothing", () => {
    expect(read(ld({ "@type": "Event", name: "A", description: " LD " }))?.description).toBe("LD");
    expect(
      read(
        `<title>A</title><meta property="og:description" content="OG"><meta name="description" content="D">`,
      )?.description,
    ).toBe("OG");
    expect(read(`<title>A</title><meta name="description" content="D">`)?.description).toBe("D");
    expect(read(`<title>A</title>`)?.description).toBe("");
  });

  it("links tickets to the event's own url, else og:url, else the pasted page", () => {
    expect(read(ld({ "@type": "Event", name: "A", url: "/buy" }))?.ticketUrl).toBe(
      "https://tickets.example/buy",
    );
    expect(
      read(`<title>A</title><meta property="og:url" content="https://canonical.example/e">`)?.ticketUrl,
    ).toBe("https://canonical.example/e");
    expect(read(ld({ "@type": "Event", name: "A", url: " " }))?.ticketUrl).toBe(PAGE);
  });

  it("fills the rest the same for every page, and marks only the ticketing platform's pages", () => {
    const details = read(`<title>A</title>`, "tock");
    expect(details).toEqual({
      title: "A",
      description: "",
      summary: null,
      date: "2026-01-01",
      time: "19:00",
      venue: "TBA",
      imageUrl: null,
      ticketUrl: PAGE,
      price: "TBA",
      isEventbrite: false,
    });
    expect(read(`<title>A</title>`, "eventbrite")?.isEventbrite).toBe(true);
  });
});

describe("tags without content", () => {
  it("a meta tag with no content attribute is skipped, by property or by name", () => {
    expect(read(`<meta property="og:title"><meta name="og:title"><title>T</title>`)?.title).toBe("T");
    expect(read(`<title>A</title><meta name="description" content="  D  ">`)?.description).toBe("D");
    // A blank JSON-LD description is no description: the page's own tags are used.
    expect(
      read(
        `${ld({ "@type": "Event", name: "A", description: "   " })}<meta property="og:description" content="OG">`,
      )?.description,
    ).toBe("OG");
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
