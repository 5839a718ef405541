import { describe, expect, it } from "vitest";
import { filterShows, NO_FILTERS } from "~/lib/filters";
import { venueContains } from "~/lib/venue-match";
import { gameOnShow as makeShow } from "../../support/shows";

describe("venueContains: the home filter's venue rule", () => {
  it("matches a venue text that contains the name, in any case, and never an empty name", () => {
    expect(venueContains("The Manchester Pub, Windsor", "the manchester pub")).toBe(true);
    expect(venueContains("The Manchester Pub", " Manchester ")).toBe(true);
    expect(venueContains("The Manchester Pub", "Tipsy Toucan")).toBe(false);
    expect(venueContains("The Manchester Pub", "")).toBe(false);
  });

  it("the home filter finds a show whose venue text contains the chosen venue", () => {
    const show = makeShow({ venue: "Tipsy Toucan (upstairs)" });
    expect(filterShows([show], { ...NO_FILTERS, venue: "tipsy toucan" })).toHaveLength(1);
    expect(filterShows([show], { ...NO_FILTERS, venue: "Manchester" })).toHaveLength(0);
  });
});
