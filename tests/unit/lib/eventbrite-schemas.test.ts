// Issue 19 (mutation testing): the platform's payloads are checked before the mapper reads them.
// A field in an unexpected shape refuses the answer; the sync reports the first issue's path and
// message to staff ("start.local: expected YYYY-MM-DDTHH:MM", eventbrite-client.server.ts).
import { describe, expect, it } from "vitest";
import { toSyncedVenue } from "~/lib/eventbrite";
import { eventbriteEventSchema, eventbriteVenueSchema } from "~/lib/eventbrite-schemas";
// An events-list item in the shape of a captured API v3 answer (its `_source` says where from).
import captured from "../../fixtures/eventbrite/free.json";

const { _source, ...event } = captured;

/** The first issue as the sync shows it, or null when the answer is accepted. */
function firstIssue(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.error?.issues[0];
  return result.success || !issue ? null : { path: issue.path.join("."), message: issue.message };
}

describe("the platform's start time", () => {
  it("must begin with a date and a time to the minute", () => {
    expect(firstIssue(eventbriteEventSchema.safeParse(event))).toBeNull();
    expect(
      firstIssue(eventbriteEventSchema.safeParse({ ...event, start: { local: "2026-05-16T19:30" } })),
    ).toBeNull();
    for (const local of ["Sat 2026-05-16T19:30:00", "2026-05-16T19:3", "2026-05-16 19:30:00"]) {
      expect(firstIssue(eventbriteEventSchema.safeParse({ ...event, start: { local } })), local).toEqual({
        path: "start.local",
        message: "expected YYYY-MM-DDTHH:MM",
      });
    }
  });
});

describe("the platform's venue", () => {
  it("takes a numeric venue id as text, the record's external id", () => {
    const venue = eventbriteVenueSchema.parse({ id: 27665366, name: "Hall" });
    expect(venue.id).toBe("27665366");
    expect(toSyncedVenue(venue)?.externalId).toBe("27665366");
  });

  it("refuses address parts and coordinates that are not text or numbers", () => {
    expect(
      firstIssue(eventbriteVenueSchema.safeParse({ id: "1", name: "Hall", address: { postal_code: 48226 } })),
    ).toMatchObject({ path: "address.postal_code" });
    expect(
      firstIssue(eventbriteVenueSchema.safeParse({ id: "1", name: "Hall", address: { latitude: true } })),
    ).toMatchObject({ path: "address.latitude" });
    expect(
      toSyncedVenue(
        eventbriteVenueSchema.parse({
          id: "1",
          name: "Hall",
          address: { postal_code: "N9A 1A1", latitude: "42.3149", longitude: -83.03, extra: 1 },
        }),
      ),
    ).toMatchObject({ postalCode: "N9A 1A1", latitude: 42.3149, longitude: -83.03 });
  });
});

describe("the platform's poster and tickets", () => {
  it("refuses a poster link that is not text", () => {
    expect(firstIssue(eventbriteEventSchema.safeParse({ ...event, logo: { url: 42 } }))).toMatchObject({
      path: "logo.url",
    });
    expect(
      eventbriteEventSchema.parse({ ...event, logo: { url: "https://img/crop.jpg", crop_mask: { x: 1 } } })
        .logo?.url,
    ).toBe("https://img/crop.jpg");
  });

  it("does not refuse a show over the poster's original upload, which the site never uses", () => {
    // The crop is what the site shows; the untouched upload may come in any shape.
    for (const original of [null, "https://img/original.jpg", { url: 42, width: "6000" }]) {
      expect(
        eventbriteEventSchema.parse({ ...event, logo: { url: "https://img/crop.jpg", original } }).logo?.url,
        JSON.stringify(original),
      ).toBe("https://img/crop.jpg");
    }
  });

  it("refuses a sold-out flag or a price in another shape", () => {
    expect(
      firstIssue(
        eventbriteEventSchema.safeParse({ ...event, ticket_availability: { is_sold_out: "false" } }),
      ),
    ).toMatchObject({ path: "ticket_availability.is_sold_out" });
    expect(
      firstIssue(
        eventbriteEventSchema.safeParse({
          ...event,
          ticket_availability: { minimum_ticket_price: { major_value: 25, currency: "CAD" } },
        }),
      ),
    ).toMatchObject({ path: "ticket_availability.minimum_ticket_price.major_value" });
  });
});
