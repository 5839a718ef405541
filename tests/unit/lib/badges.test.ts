import { describe, expect, it } from "vitest";
import { showBadges } from "~/lib/badges";
import { cardShow } from "~/lib/cards";
import { makeShow } from "../../support/shows";
import { makeVenue } from "../../support/venues";

const record = (slug: string, flags: { isClub?: boolean; isWinery?: boolean } = {}) =>
  makeVenue({ name: slug, slug, ...flags });

describe("showBadges", () => {
  it("gives SOLD OUT, Winery Event, Club Show, Series and the collection badge from the venue record's flags", () => {
    const labels = (s: Parameters<typeof showBadges>[0], series = false) =>
      showBadges(s, { series }).map((b) => b.label);
    expect(
      labels(
        makeShow({
          venue: "Mastronardi Estate Winery",
          soldOut: true,
          venueRecord: record("mastronardi-winery", { isWinery: true }),
        }),
      ),
    ).toEqual(["SOLD OUT", "Winery Event"]);
    expect(
      labels(
        makeShow({ venue: "The tipsy toucan", venueRecord: record("tipsy-toucan", { isClub: true }) }),
        true,
      ),
    ).toEqual(["Club Show", "Series"]);
    // The name alone gives no badge: only the flag does (staff tick it on /admin/venues).
    expect(labels(makeShow({ venue: "Tipsy Toucan", venueRecord: record("tipsy-toucan") }))).toEqual([]);
    expect(labels(makeShow({ venue: "Mastronardi Estate Winery", venueRecord: null }))).toEqual([]);
    // Ticking the flag on any venue, whatever its name, gives its shows the badge.
    expect(
      labels(makeShow({ venue: "Riverside Hall", venueRecord: record("riverside-hall", { isClub: true }) })),
    ).toEqual(["Club Show"]);
    expect(
      cardShow(
        makeShow({ venue: "Riverside Hall", venueRecord: record("riverside-hall", { isWinery: true }) }),
      ).venueRecord,
    ).toEqual({
      name: "riverside-hall",
      slug: "riverside-hall",
      isClub: false,
      isWinery: true,
    });
    expect(
      labels(
        makeShow({
          venue: "Wolfhead",
          collection: { slug: "epicdads", title: "Epic Dads", badge: "Father's Day Special" },
        }),
      ),
    ).toEqual(["Father's Day Special"]);
    expect(labels(makeShow({ venue: "Walkerville Brewery" }))).toEqual([]);
  });

  it("gives each badge its kind (its colour), in display order", () => {
    expect(
      showBadges(
        makeShow({
          soldOut: true,
          venueRecord: record("estate", { isWinery: true, isClub: true }),
          collection: { slug: "epicdads", title: "Epic Dads", badge: "Father's Day Special" },
        }),
        { series: true },
      ),
    ).toEqual([
      { label: "SOLD OUT", kind: "soldout" },
      { label: "Winery Event", kind: "winery" },
      { label: "Club Show", kind: "club" },
      { label: "Series", kind: "series" },
      { label: "Father's Day Special", kind: "special" },
    ]);
  });

  it("a cancelled or postponed show says so, and not SOLD OUT", () => {
    expect(showBadges(makeShow({ soldOut: true, eventStatus: "cancelled" }))).toEqual([
      { label: "CANCELLED", kind: "cancelled" },
    ]);
    expect(showBadges(makeShow({ soldOut: true, eventStatus: "postponed" }))).toEqual([
      { label: "POSTPONED", kind: "cancelled" },
    ]);
  });
});
