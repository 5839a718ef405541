import { describe, expect, it } from "vitest";
import {
  classifyEventUrl,
  detailsToFormDefaults,
  parseEventbriteId,
  placeholderEventDetails,
} from "~/lib/event-lookup";
import { checkoutBlockedReason, eventbriteEventId, isEventbriteHost } from "~/lib/ticketing";

describe("eventbriteEventId", () => {
  it("reads a trailing tickets-{digits}", () => {
    expect(
      eventbriteEventId("https://www.eventbrite.ca/e/laughs-on-the-waterfront-tickets-700000000201"),
    ).toBe("700000000201");
    expect(eventbriteEventId("https://www.eventbrite.ca/e/show-tickets-123?aff=ig")).toBe("123");
  });
  it("reads /e/{digits}", () => {
    expect(eventbriteEventId("https://www.eventbrite.com/e/987654")).toBe("987654");
    expect(eventbriteEventId("https://www.eventbrite.com/e/987654?aff=x")).toBe("987654");
  });
  it("reads the id after /e/ and before ? only when lenient (event page)", () => {
    const url = "https://www.eventbrite.com/e/special-night-555?aff=x";
    expect(eventbriteEventId(url)).toBeNull();
    expect(eventbriteEventId(url, { lenient: true })).toBe("555");
  });
  it("ignores other platforms and empty values", () => {
    expect(eventbriteEventId("https://walkervillebrewery.com/e/123")).toBeNull();
    expect(eventbriteEventId(null)).toBeNull();
    expect(eventbriteEventId("https://www.eventbrite.ca/o/organizer-12345")).toBeNull();
  });
});

describe("checkoutBlockedReason", () => {
  it("allows the embedded checkout only over HTTPS", () => {
    expect(checkoutBlockedReason("https:")).toBeNull();
    expect(checkoutBlockedReason("http:")).toBe("Eventbrite checkout requires HTTPS for security reasons.");
  });
});

// Issue 19 (mutation testing): the ticket links staff paste, as the embedded checkout reads them.
describe("ticket links staff paste", () => {
  it("reads the event of a checkout link, whichever parameter comes first", () => {
    expect(eventbriteEventId("https://www.eventbrite.ca/checkout-external?eid=123456")).toBe("123456");
    expect(eventbriteEventId("https://www.eventbrite.ca/checkout?aff=x&eid=789")).toBe("789");
    expect(eventbriteEventId("https://www.eventbrite.ca/checkout?aid=789")).toBeNull();
  });

  it("ignores a fragment and a trailing slash", () => {
    expect(eventbriteEventId("https://www.eventbrite.ca/e/show-tickets-123#tickets")).toBe("123");
    expect(eventbriteEventId("https://www.eventbrite.ca/e/show-tickets-123/")).toBe("123");
    expect(eventbriteEventId("https://www.eventbrite.ca/e/show-tickets-123//")).toBe("123");
    expect(eventbriteEventId("https://www.eventbrite.ca/e/123/")).toBe("123");
    expect(eventbriteEventId("https://www.eventbrite.ca/e/123#x")).toBe("123");
  });

  it("takes only whole ids: digits in the middle of a name are not an id", () => {
    expect(eventbriteEventId("https://www.eventbrite.ca/e/show-tickets-123-extra")).toBeNull();
    expect(eventbriteEventId("https://www.eventbrite.ca/e/123abc")).toBeNull();
    expect(eventbriteEventId("https://www.eventbrite.ca/x/e/123")).toBe("123");
    expect(eventbriteEventId("https://www.eventbrite.ca/e/special-555/?aff=x", { lenient: true })).toBe(
      "555",
    );
    expect(eventbriteEventId("https://www.eventbrite.ca/e/555-special?aff=x", { lenient: true })).toBeNull();
    expect(eventbriteEventId("https://www.eventbrite.ca/e/?aff=1", { lenient: true })).toBeNull();
  });

  it("knows the platform's country sites and an organiser's subdomain, and nothing that only looks like them", () => {
    for (const url of [
      "https://eventbrite.com/e/1",
      "https://www.eventbrite.co.uk/e/1",
      "https://laughwindsor.eventbrite.ca/",
      "https://www.eventbrite.com.au/e/1",
      " https://WWW.EVENTBRITE.CA/e/1 ",
    ])
      expect(isEventbriteHost(url), url).toBe(true);
    for (const url of [
      "https://noteventbrite.com/e/1",
      "https://eventbrite.ca.example.com/e/1",
      "https://eventbrite.example.com/e/1",
      "https://www.eventbrite.xyz/e/1",
      "not a url",
    ])
      expect(isEventbriteHost(url), url).toBe(false);
  });
});

describe("a URL pasted into Load details from URL", () => {
  // Copied from a web page or a document, a link often comes with non-breaking spaces around it.
  const nbsp = (url: string) => `\u00a0${url}\u00a0`;

  it("reads a link copied with non-breaking spaces around it", () => {
    expect(isEventbriteHost(nbsp("https://www.eventbrite.ca/e/1"))).toBe(true);
    expect(parseEventbriteId(nbsp("https://www.eventbrite.ca/e/friday-laughs-tickets-123"))).toBe("123");
    expect(classifyEventUrl(nbsp("https://www.eventbrite.ca/e/friday-laughs-tickets-123"))).toBe(
      "eventbrite",
    );
  });

  it("reads the id of an event page whose name ends in its number", () => {
    expect(parseEventbriteId("https://www.eventbrite.com/e/special-night-555?aff=x")).toBe("555");
  });

  it("knows the winery platform without the https:// and in capitals", () => {
    expect(classifyEventUrl("www.ExploreTock.com")).toBe("tock");
    expect(classifyEventUrl(" exploretock.com ")).toBe("tock");
    expect(classifyEventUrl(" www.exploretock.com ")).toBe("tock");
    expect(classifyEventUrl("HTTPS://WWW.EXPLORETOCK.COM/x")).toBe("tock");
    expect(classifyEventUrl("notexploretock.com")).toBe("generic");
  });
});

describe("details loaded from a pasted URL", () => {
  it("fills the form with the placeholder when the lookup fails", () => {
    expect(placeholderEventDetails("eventbrite", "https://www.eventbrite.ca/e/1", "2026-05-01")).toEqual({
      title: "External Eventbrite Event",
      description: "",
      summary: null,
      date: "2026-05-01",
      time: "19:00",
      venue: "TBA",
      imageUrl: null,
      ticketUrl: "https://www.eventbrite.ca/e/1",
      price: "TBA",
      isEventbrite: true,
    });
    expect(placeholderEventDetails("tock", "u", "2026-05-01").isEventbrite).toBe(false);
  });

  it("shows loaded details as staff would type them", () => {
    const details = {
      ...placeholderEventDetails("generic", "https://x.example/t", "2026-05-01"),
      title: "Wine & Laughs",
      description: "Stand-up",
      time: "20:30",
      venue: "Winery",
      price: "$45",
    };
    expect(detailsToFormDefaults(details)).toEqual({
      title: "Wine & Laughs",
      description: "Stand-up",
      date: "2026-05-01",
      time: "8:30 PM",
      venue: "Winery",
      ticketUrl: "https://x.example/t",
      imageUrl: "",
      price: "$45",
    });
    expect(detailsToFormDefaults({ ...details, imageUrl: "https://x.example/p.jpg" }).imageUrl).toBe(
      "https://x.example/p.jpg",
    );
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
