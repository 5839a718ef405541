import { describe, expect, it } from "vitest";
import { classifyEventUrl, parseEventbriteId, placeholderEventDetails } from "~/lib/event-lookup";

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
