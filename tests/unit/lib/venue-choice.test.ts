import { describe, expect, it } from "vitest";
import { readVenueChoice, VENUE_MESSAGES, venueChoiceDefaults } from "~/lib/venue-choice";

/** Issue 42: the event form picks a venue record (or creates one). */
describe("the event form's venue choice", () => {
  it("a record, TBA, Online, or a new venue with its name (and town)", () => {
    expect(readVenueChoice({ venueId: "7" })).toEqual({ ok: true, pick: { kind: "record", id: 7 } });
    expect(readVenueChoice({ venueId: "tba" })).toEqual({
      ok: true,
      pick: { kind: "nameless", venue: "TBA" },
    });
    expect(readVenueChoice({ venueId: "online" })).toEqual({
      ok: true,
      pick: { kind: "nameless", venue: "Online" },
    });
    expect(readVenueChoice({ venueId: "new", venue: " Barn Hall ", venueCity: " Kingsville " })).toEqual({
      ok: true,
      pick: { kind: "new", venue: "Barn Hall", city: "Kingsville" },
    });
    expect(readVenueChoice({ venueId: "new", venue: "Barn Hall", venueCity: "" })).toMatchObject({
      pick: { city: null },
    });
    // A name posted with no choice (no JavaScript, the select left alone; an older script): a new venue.
    expect(readVenueChoice({ venue: "Barn Hall" })).toMatchObject({ ok: true, pick: { kind: "new" } });
    // "TBA" typed as a name is the placeholder, not a venue called TBA.
    expect(readVenueChoice({ venue: "tba" })).toEqual({ ok: true, pick: { kind: "nameless", venue: "TBA" } });
  });

  it("refuses nothing chosen, a new venue without a name and a made-up choice; the select wins over a name", () => {
    expect(readVenueChoice({})).toMatchObject({ ok: false, field: "venueId", required: true });
    expect(readVenueChoice({ venueId: " ", venue: "  " })).toMatchObject({ ok: false, required: true });
    expect(readVenueChoice({ venueId: "new", venue: "" })).toEqual({
      ok: false,
      field: "venue",
      message: VENUE_MESSAGES.newName,
    });
    // The select decides: a name left in the new venue's box (no JavaScript) is not read.
    expect(readVenueChoice({ venueId: "7", venue: "Barn Hall" })).toEqual({
      ok: true,
      pick: { kind: "record", id: 7 },
    });
    expect(readVenueChoice({ venueId: "tba", venue: "Barn Hall" })).toMatchObject({
      pick: { kind: "nameless" },
    });
    for (const venueId of ["0", "-1", "7.5", "x", "1".repeat(16)])
      expect(readVenueChoice({ venueId })).toEqual({
        ok: false,
        field: "venueId",
        message: VENUE_MESSAGES.pick,
      });
    expect(readVenueChoice({ venueId: "1".repeat(15) })).toMatchObject({ ok: true });
  });

  it("starts on the show's record, TBA or Online, the record of its venue text, or New venue… with that text", () => {
    const records = [
      { id: 3, name: "Tipsy Toucan", city: "Windsor" },
      { id: 5, name: "Wolfhead Distillery", city: null },
    ];
    expect(venueChoiceDefaults({ venue: "Tipsy Toucan Comedy Club", venueId: 3 }, records)).toEqual({
      venueId: "3",
      venue: "",
    });
    expect(venueChoiceDefaults({ venue: "tba" }, records)).toEqual({ venueId: "tba", venue: "" });
    expect(venueChoiceDefaults({ venue: "Online" }, records)).toEqual({ venueId: "online", venue: "" });
    expect(venueChoiceDefaults({ venue: " wolfhead distillery " }, records)).toEqual({
      venueId: "5",
      venue: "",
    });
    expect(venueChoiceDefaults({ venue: "Old Barn", venueId: null }, records)).toEqual({
      venueId: "new",
      venue: "Old Barn",
    });
    // A record id the list does not have (gone): read from the text instead.
    expect(venueChoiceDefaults({ venue: "Old Barn", venueId: 99 }, records)).toEqual({
      venueId: "new",
      venue: "Old Barn",
    });
    expect(venueChoiceDefaults({}, records)).toEqual({ venueId: "", venue: "" });
  });
});
