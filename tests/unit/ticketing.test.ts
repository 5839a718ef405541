import { describe, expect, it } from "vitest";
import { eventbriteEventId, checkoutBlockedReason } from "~/lib/ticketing";

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
