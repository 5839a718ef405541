import { describe, expect, it } from "vitest";
import { formatMinimumPrice, toSyncedShow, venueToLookUp } from "~/lib/eventbrite";
import { eventbriteEventsPageSchema, type EventbriteEvent } from "~/lib/eventbrite-schemas";
import {
  summarizeSyncRun,
  syncFailureMessage,
  syncSuccessMessage,
  withSeriesFailures,
} from "~/lib/eventbrite-sync";
import { fakeOrgEvents } from "../../fakes/eventbrite";

const FALLBACK = "/images/stock-show.svg";
const { page1, page2 } = fakeOrgEvents("2026-11-22");
const parse = (events: unknown[]): EventbriteEvent[] =>
  eventbriteEventsPageSchema.parse({ pagination: {}, events }).events;
const [headliner, soldOut, yesterday] = parse(page1);
const [mystery, brewery] = parse(page2);

describe("mapping a platform event", () => {
  it("takes title, description, summary, date, time, venue, image, ticket URL and price", () => {
    expect(toSyncedShow(headliner, { fallbackImage: FALLBACK })).toMatchObject({
      externalId: "9100000001",
      title: "Fake Sync Headliner Night",
      description: "A big night of stand-up.",
      summary: "A big night",
      date: "2027-09-19",
      time: "19:30",
      endTime: "21:30",
      endDate: null,
      timeZone: null,
      venue: "Sync Test Hall",
      // The organiser's crop, never the 6000×4000 original.
      imageUrl: "https://img.example/small-1.jpg",
      ticketUrl: "https://www.eventbrite.ca/e/fake-sync-headliner-night-tickets-9100000001",
      price: "$25",
      soldOut: false,
      source: "eventbrite",
    });
  });

  it("keeps cents, uses logo.url, and reads sold out", () => {
    const show = toSyncedShow(soldOut, { fallbackImage: FALLBACK });
    expect(show.price).toBe("$30.50");
    expect(show.imageUrl).toBe("https://img.example/small-2.jpg");
    expect(show.soldOut).toBe(true);
    expect(show.summary).toBeNull();
  });

  it("uses TBA for a missing venue and price, the stock image for a missing logo", () => {
    const show = toSyncedShow(yesterday, { fallbackImage: FALLBACK });
    expect(show.price).toBe("TBA");
    expect(show.imageUrl).toBe(FALLBACK);
    expect(toSyncedShow(mystery, { fallbackImage: FALLBACK }).venue).toBe("TBA");
  });

  it("takes a venue found by lookup when the event has none", () => {
    expect(venueToLookUp(brewery)).toBe("777");
    expect(venueToLookUp(headliner)).toBeNull();
    expect(toSyncedShow(brewery, { fallbackImage: FALLBACK, venueName: "Sync Test Brewery" }).venue).toBe(
      "Sync Test Brewery",
    );
  });

  it("sanitises an HTML-only description with an allow-list", () => {
    const show = toSyncedShow(mystery, { fallbackImage: FALLBACK });
    expect(show.description).toBe("<p>Venue <strong>TBD</strong></p>");
    expect(show.description).not.toContain("script");
  });

  it("formats minimum prices from major or minor units; zero is Free", () => {
    const p = (min: unknown, isFree?: boolean) =>
      formatMinimumPrice({ is_free: isFree, ticket_availability: { minimum_ticket_price: min as never } });
    expect(p({ major_value: "20.00" })).toBe("$20");
    expect(p({ major_value: "19.99" })).toBe("$19.99");
    expect(p({ value: 1250 })).toBe("$12.50");
    expect(p({ major_value: "0.00" })).toBe("Free");
    expect(p(null)).toBe("TBA");
    expect(p(null, true)).toBe("Free");
  });

  it("refuses an event without a start time or name", () => {
    expect(() => parse([{ id: "1", name: { text: "x" }, start: { local: "soon" } }])).toThrow();
    expect(() => parse([{ id: "1", name: "x", start: { local: "2026-01-01T19:00:00" } }])).toThrow();
  });
});

describe("sync messages", () => {
  it("says the spec's texts", () => {
    expect(syncSuccessMessage(5)).toBe("Successfully synced 5 events from the external ticketing platform");
    expect(syncSuccessMessage(0)).toBe(
      "No events to sync from the external ticketing platform. The API server might be unavailable.",
    );
    expect(syncFailureMessage({ kind: "rate-limited", retryAfterSeconds: 42 })).toBe(
      "Failed to sync events: the ticketing platform is limiting requests (HTTP 429). Try again in 42 seconds.",
    );
    expect(syncFailureMessage({ kind: "not-configured", missing: ["EVENTBRITE_TOKEN"] })).toMatch(
      /^Failed to sync events: the ticketing platform is not configured \(set EVENTBRITE_TOKEN\)\.$/,
    );
  });
});

// Issue 19 (mutation testing): every message the promoter can read after a sync, word for word.
describe("a series that could not be read", () => {
  const ok = syncSuccessMessage(5);
  it("adds nothing when every series was read", () => {
    expect(withSeriesFailures(ok, [])).toBe(ok);
  });

  it("names each series and why, never the organisation", () => {
    const message = withSeriesFailures(ok, [
      { seriesId: "11", title: "Tuesdays", failure: { kind: "not-found", status: 404 } },
      { seriesId: "12", title: "Fridays", failure: { kind: "timeout", seconds: 15 } },
    ]);
    expect(message).toBe(
      "Successfully synced 5 events from the external ticketing platform. 2 series could not be read and keep their last synced dates: " +
        '"Tuesdays": the ticketing platform does not know series 11 (HTTP 404); "Fridays": the ticketing platform did not answer within 15 seconds.',
    );
    expect(message).not.toMatch(/organization/);
  });

  it("keeps a message that already ends with a full stop", () => {
    const told = syncSuccessMessage(2, 1);
    expect(
      withSeriesFailures(told, [
        { seriesId: "9", title: "S", failure: { kind: "server-error", status: 502 } },
      ]),
    ).toMatch(
      /being e-mailed\. One series could not be read and keeps its last synced dates: "S": the ticketing platform had a server error \(HTTP 502\)\. Try again later\.$/,
    );
  });
});

describe("what the dashboard says after a sync", () => {
  it("tells how many waiting people are e-mailed when tickets come back", () => {
    expect(syncSuccessMessage(3, 1)).toBe(
      "Successfully synced 3 events from the external ticketing platform. Tickets are available again: 1 waiting person is being e-mailed.",
    );
    expect(syncSuccessMessage(3, 2)).toBe(
      "Successfully synced 3 events from the external ticketing platform. Tickets are available again: 2 waiting people are being e-mailed.",
    );
    expect(syncSuccessMessage(3, 0)).toBe(
      "Successfully synced 3 events from the external ticketing platform",
    );
  });

  it("gives each failure a reason the promoter can act on", () => {
    const cases: [Parameters<typeof syncFailureMessage>[0], string][] = [
      [
        { kind: "not-configured", missing: ["EVENTBRITE_TOKEN", "EVENTBRITE_ORGANIZATION_ID"] },
        "the ticketing platform is not configured (set EVENTBRITE_TOKEN and EVENTBRITE_ORGANIZATION_ID).",
      ],
      [
        { kind: "unauthorized", status: 401 },
        "the ticketing platform refused the API token (HTTP 401). Check EVENTBRITE_TOKEN.",
      ],
      [
        { kind: "not-found", status: 404 },
        "the ticketing platform does not know this organization (HTTP 404). Check EVENTBRITE_ORGANIZATION_ID.",
      ],
      [
        { kind: "rate-limited" },
        "the ticketing platform is limiting requests (HTTP 429). Try again in a few minutes.",
      ],
      [
        { kind: "server-error", status: 503 },
        "the ticketing platform had a server error (HTTP 503). Try again later.",
      ],
      [{ kind: "http", status: 418 }, "the ticketing platform answered HTTP 418."],
      [{ kind: "timeout", seconds: 15 }, "the ticketing platform did not answer within 15 seconds."],
      [
        { kind: "network", detail: "ECONNRESET" },
        "could not connect to the ticketing platform (ECONNRESET).",
      ],
      [{ kind: "too-large" }, "the ticketing platform's answer was too large."],
      [
        { kind: "refused", detail: "private address" },
        "the ticketing platform address was refused (private address).",
      ],
      [{ kind: "malformed-json" }, "the ticketing platform's answer was not valid JSON."],
      [
        { kind: "unexpected-shape", detail: "events: expected array" },
        "the ticketing platform's answer had an unexpected shape (events: expected array).",
      ],
      [
        { kind: "endless-pagination", pages: 50 },
        "the ticketing platform kept returning more pages (stopped after 50).",
      ],
      [{ kind: "busy" }, "another sync is running right now. Try again in a minute."],
    ];
    for (const [failure, reason] of cases)
      expect(syncFailureMessage(failure), failure.kind).toBe(`Failed to sync events: ${reason}`);
  });

  it("sums up a run in one line, naming only what happened", () => {
    expect(
      summarizeSyncRun({
        ok: true,
        created: 3,
        updated: 2,
        soldOut: 1,
        reopened: 4,
        waitlistQueued: 5,
        hidden: 6,
        venuesCreated: 7,
        changes: ["created: Friday Laughs", 8],
      }),
    ).toEqual({
      ok: true,
      summary: "3 new, 2 updated, 1 sold out, 4 available again, 5 waitlist e-mails, 6 hidden, 7 new venues",
      changes: ["created: Friday Laughs", "8"],
    });
    expect(summarizeSyncRun({ ok: true, created: "3", changes: "created: x" })).toEqual({
      ok: true,
      summary: "0 new, 0 updated",
      changes: [],
    });
  });

  it("gives a failed run's reason without repeating the prefix", () => {
    expect(
      summarizeSyncRun({ ok: false, message: "Failed to sync events: another sync is running right now." }),
    ).toEqual({ ok: false, summary: "another sync is running right now.", changes: [] });
    expect(summarizeSyncRun(null)).toEqual({ ok: false, summary: "unknown reason", changes: [] });
    expect(summarizeSyncRun({ ok: "true", changes: ["x"] })).toEqual({
      ok: false,
      summary: "unknown reason",
      changes: [],
    });
  });
});
