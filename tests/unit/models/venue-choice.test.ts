import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, venues } from "~/db/schema";
import { createShow, updateShow } from "~/models/events-admin.server";
import { getShow } from "~/models/events.server";
import { VenueGoneError } from "~/models/venues.server";
import { createTestDbWithStaff } from "../../support/db";
import { eventFormValues, insertShow } from "../../support/shows";

/** Issue 42: the event form picks a venue record (or creates one): what the model stores. */
describe("saving a show's venue (the model)", () => {
  const ZONE = "America/Toronto";

  it("a picked record names the show; a new venue is created once with its town; TBA has no record", () => {
    const { db, staff } = createTestDbWithStaff();
    const toucan = db
      .insert(venues)
      .values({ name: "Toucan Test Room", slug: "toucan-test-room" })
      .returning()
      .get();
    const id = createShow(eventFormValues({ venue: "", venueId: toucan.id }), staff, ZONE, db);
    expect(getShow(id, db)).toMatchObject({ venue: "Toucan Test Room", venueRecord: { id: toucan.id } });

    updateShow(id, eventFormValues({ venue: "Barn Hall", venueCity: "Kingsville" }), staff, ZONE, db);
    const barn = db.select().from(venues).where(eq(venues.name, "Barn Hall")).get()!;
    expect(barn).toMatchObject({ city: "Kingsville", address1: null });
    expect(getShow(id, db)).toMatchObject({ venue: "Barn Hall", venueRecord: { id: barn.id } });
    // The same name again (any case) takes that record: no second Barn Hall, its town kept.
    updateShow(id, eventFormValues({ venue: "barn hall", venueCity: "Leamington" }), staff, ZONE, db);
    expect(db.select().from(venues).where(eq(venues.name, "Barn Hall")).all()).toHaveLength(1);
    expect(getShow(id, db)).toMatchObject({
      venue: "Barn Hall",
      venueRecord: { id: barn.id, city: "Kingsville" },
    });

    updateShow(id, eventFormValues({ venue: "TBA" }), staff, ZONE, db);
    expect(getShow(id, db)).toMatchObject({ venue: "TBA", venueRecord: null });
  });

  it("a record deleted while the form was open: refused, nothing stored", () => {
    const { db, staff } = createTestDbWithStaff();
    const show = insertShow(db, { title: "Kept", venue: "Somewhere" });
    expect(() =>
      updateShow(show.id, eventFormValues({ title: "Changed", venue: "", venueId: 999 }), staff, ZONE, db),
    ).toThrow(VenueGoneError);
    expect(db.select().from(events).where(eq(events.id, show.id)).get()).toMatchObject({
      title: "Kept",
      venue: "Somewhere",
    });
  });
});
