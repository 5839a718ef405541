import { describe, expect, it } from "vitest";
import { cardShow, EXCERPT_LENGTH, excerpt } from "~/lib/cards";
import type { VenueRecord } from "~/lib/venue-records";
import { makeShow } from "../../support/shows";

/**
 * What a card or carousel slide gets of a show (app/lib/cards.ts): the fields a visitor sees on
 * it (badges, the excerpt, the line-up names, the venue link), and nothing heavier.
 */

const venue: VenueRecord = {
  id: 3,
  name: "Tipsy Toucan",
  slug: "tipsy-toucan",
  address1: "1 Main St",
  address2: null,
  city: "Windsor",
  region: "ON",
  postalCode: null,
  country: "CA",
  latitude: null,
  longitude: null,
};

describe("cardShow", () => {
  it("a plain show reads as scheduled, in the business zone, dated, in person, with no venue link", () => {
    expect(cardShow(makeShow())).toMatchObject({
      timeZone: null,
      eventStatus: "scheduled",
      hideStartDate: false,
      isOnline: false,
      lineup: [],
      venueRecord: null,
    });
  });

  it("keeps a show's own zone, status, hidden start and online flag", () => {
    expect(
      cardShow(
        makeShow({
          timeZone: "America/Vancouver",
          eventStatus: "cancelled",
          hideStartDate: true,
          isOnline: true,
        }),
      ),
    ).toMatchObject({
      timeZone: "America/Vancouver",
      eventStatus: "cancelled",
      hideStartDate: true,
      isOnline: true,
    });
  });

  it("names the line-up with links only (no photos or roles in the listing)", () => {
    const card = cardShow(
      makeShow({
        lineup: [
          {
            comedianId: 1,
            name: "Ann",
            slug: "ann",
            role: "headliner",
            headshot: { hash: "0123456789abcdef", focus: { x: 50, y: 30 }, side: 800, placeholder: "" },
            links: ["https://x"],
          },
          { comedianId: 2, name: "Bo", slug: "bo", role: "host", headshot: null, links: [] },
        ],
      }),
    );
    expect(card.lineup).toEqual([
      { name: "Ann", slug: "ann" },
      { name: "Bo", slug: "bo" },
    ]);
  });

  it("links the venue record with its badges; a record without flags has neither badge", () => {
    expect(
      cardShow(makeShow({ venueRecord: { ...venue, isClub: true, isWinery: true } })).venueRecord,
    ).toEqual({
      name: "Tipsy Toucan",
      slug: "tipsy-toucan",
      isClub: true,
      isWinery: true,
    });
    expect(cardShow(makeShow({ venueRecord: venue })).venueRecord).toEqual({
      name: "Tipsy Toucan",
      slug: "tipsy-toucan",
      isClub: false,
      isWinery: false,
    });
  });

  it("a ticketing-platform show shows its summary; a blank summary or a site show, the description", () => {
    const long = "<p>Long HTML description</p>";
    expect(
      cardShow(makeShow({ isEventbrite: true, summary: "  Short summary  ", description: long })).description,
    ).toBe("Short summary");
    expect(cardShow(makeShow({ isEventbrite: true, summary: "   ", description: long })).description).toBe(
      "Long HTML description",
    );
    expect(cardShow(makeShow({ isEventbrite: true, summary: null, description: long })).description).toBe(
      "Long HTML description",
    );
    expect(
      cardShow(makeShow({ isEventbrite: false, summary: "Summary", description: long })).description,
    ).toBe("Long HTML description");
  });

  it("cuts a long description near 220 characters", () => {
    const card = cardShow(makeShow({ description: `${"word ".repeat(100)}end` }));
    expect(card.description.endsWith("…")).toBe(true);
    expect(card.description.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);
    expect(card.description.length).toBeGreaterThan(EXCERPT_LENGTH * 0.6);
  });
});

describe("excerpt", () => {
  it("keeps a text of exactly the length whole", () => {
    expect(excerpt("1234567890", 10)).toBe("1234567890");
    expect(excerpt("12345678901", 10)).toBe("1234567890…");
  });

  it("cuts at the last word when it is past 60 % of the length, else mid-word", () => {
    expect(excerpt("abcdefg hijklmn", 10)).toBe("abcdefg…"); // space at 7 > 6
    expect(excerpt("abcdef ghijklm", 10)).toBe("abcdef ghi…"); // space at 6 is not past 6
    expect(excerpt("a bcdefghijkl", 10)).toBe("a bcdefghi…");
  });

  it("drops spaces before the ellipsis, never the text's own leading spaces", () => {
    expect(excerpt("abcdefg   hijklmn", 10)).toBe("abcdefg…");
    expect(excerpt("  abcdefghijklmn", 10)).toBe("  abcdefgh…");
    expect(excerpt("a  bcdefg  hij", 10)).toBe("a  bcdefg…");
  });
});

describe("cardShow", () => {
  it("keeps what a card shows and cuts the description at a word", () => {
    expect(excerpt("one two three four", 9)).toBe("one two…");
    expect(excerpt("short", 9)).toBe("short");
    const card = cardShow(makeShow({ description: "<p>Hello <b>there</b></p>", summary: "s", details: "d" }));
    expect(card.description).toBe("Hello there");
    expect(card).not.toHaveProperty("details");
  });
});
