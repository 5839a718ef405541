import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SyncedShow } from "~/lib/eventbrite";
import { SYNCED_FIELDS } from "~/lib/eventbrite-sync";
import { SITE } from "~/lib/site";
import { lookupEventDetails } from "~/services/event-lookup.server";
import { fetchSyncedShows } from "~/services/eventbrite-sync.server";
import { getEnv, resetEnvCache } from "~/utils/env.server";
import {
  eventbriteFixture,
  FAKE_EVENTBRITE_ORG,
  FAKE_EVENTBRITE_TOKEN,
  FIXTURE_EVENTS,
  SINGLE_EVENTS,
  startFakeEventbrite,
  type FakeEvent,
  type FakeEventbrite,
} from "../../fakes/eventbrite";

/**
 * Issue 19: one payload reads the same whether the sync stored it or staff loaded it from its
 * URL. Every fixture in tests/fixtures/eventbrite goes through both paths against the fake
 * (client, venue look-up, series endpoint, mapper), and the fields both give are compared.
 */
const TODAY = "2026-11-23";
const saved = { ...process.env };
let fake: FakeEventbrite;
let shows: SyncedShow[];

beforeAll(async () => {
  // The load-from-URL fixture is listed too here, so the sync maps it as well.
  const singles = SINGLE_EVENTS.map((name) => eventbriteFixture(name));
  fake = await startFakeEventbrite({ today: TODAY, listed: singles });
  Object.assign(process.env, {
    EVENTBRITE_API_URL: fake.url,
    EVENTBRITE_TOKEN: FAKE_EVENTBRITE_TOKEN,
    EVENTBRITE_ORGANIZATION_ID: FAKE_EVENTBRITE_ORG,
    ALLOW_PRIVATE_FETCH: "true",
  });
  resetEnvCache();
  ({ shows } = await fetchSyncedShows(fake.config(), { today: TODAY, businessZone: getEnv().APP_TIMEZONE }));
});

afterAll(async () => {
  await fake.close();
  process.env = saved;
  resetEnvCache();
});

/**
 * What load-from-URL fills in, from the show the sync stores: the fields the sync writes
 * (SYNCED_FIELDS), which are the form's. The form leaves the image empty where the sync puts
 * the stock image.
 */
function formFieldsOf(show: SyncedShow) {
  const fields: Record<string, unknown> = Object.fromEntries(SYNCED_FIELDS.map((k) => [k, show[k]]));
  if (show.imageUrl === SITE.fallbackImage) fields.imageUrl = null;
  return fields;
}

async function loaded(ticketUrl: string) {
  const result = await lookupEventDetails(ticketUrl, TODAY);
  expect(result.ok, `load ${ticketUrl}`).toBe(true);
  const { isEventbrite, ...details } = result.details;
  expect(isEventbrite).toBe(true);
  return details;
}

describe("sync and load-from-URL read a payload the same", () => {
  it("covers every fixture file", () => {
    const files = fs
      .readdirSync("tests/fixtures/eventbrite")
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""))
      .sort();
    // The series' occurrences and the captured venue reach both paths through the series
    // endpoint and the venue look-up of the collision pair; the box office's fixtures (ticket
    // classes, attendees, an order, webhooks) are templates of the fake's answers (box-office tests).
    const boxOffice = ["attendees", "order", "ticket-classes", "webhook", "webhook-order-placed"];
    const covered = [
      ...FIXTURE_EVENTS,
      ...SINGLE_EVENTS,
      "series-occurrences",
      "venue-27665366",
      ...boxOffice,
    ].sort();
    expect(covered).toEqual(files);
    for (const name of [...FIXTURE_EVENTS, ...SINGLE_EVENTS]) {
      const id = eventbriteFixture<FakeEvent>(name).id;
      expect(
        shows.some((s) => s.externalId === id),
        `${name} synced`,
      ).toBe(true);
    }
  });

  it("gives the same title, description, date, time, venue, image, link and price for each event", async () => {
    // Staff paste the event's own address (a series parent's too, not one of its dates).
    const payloads = [...FIXTURE_EVENTS, ...SINGLE_EVENTS].map((name) => eventbriteFixture<FakeEvent>(name));
    for (const payload of payloads) {
      const show = shows.find((s) => s.externalId === payload.id)!;
      expect(await loaded(String(payload.url)), payload.id).toEqual(formFieldsOf(show));
    }
  });

  it("gives each date of a series the date, time, link and price the sync stored for it", async () => {
    const series = shows.find((s) => s.dates.length > 0)!;
    expect(series.dates.length).toBeGreaterThan(1);
    for (const date of series.dates) {
      const details = await loaded(date.ticketUrl!);
      expect(
        { date: details.date, time: details.time, ticketUrl: details.ticketUrl, price: details.price },
        date.externalId,
      ).toEqual({ date: date.date, time: date.time, ticketUrl: date.ticketUrl, price: date.price });
      expect(details.venue).toBe(series.venue);
    }
  });

  it("shows the platform's own fixtures with an address the look-up found (collision pair)", () => {
    const hikes = shows.find(
      (s) => s.externalId === eventbriteFixture<FakeEvent>("collision-full-moon-hikes").id,
    )!;
    expect(hikes.venueRecord?.postalCode).toBe("20002");
  });
});
