import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lookupEventDetails } from "~/services/event-lookup.server";
import { eventbriteConfigFromEnv, fetchEvent } from "~/services/eventbrite-client.server";
import { resetEnvCache } from "~/utils/env.server";
import { startFakeEventbrite, startFakePages, type FakeEventbrite } from "../../fakes/eventbrite";

const TODAY = "2026-11-22";
const URL_OK = "https://www.eventbrite.ca/e/fake-platform-comedy-night-tickets-424242424242?aff=x";

let fake: FakeEventbrite;
let pages: Awaited<ReturnType<typeof startFakePages>>;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeEventbrite({ token: "unit-token" });
  pages = await startFakePages({
    "/og": `<meta property="og:title" content="Patio Laughs"><meta property="og:description" content="Outdoors.">`,
    "/empty": `<p>no metadata</p>`,
  });
  Object.assign(process.env, {
    EVENTBRITE_API_URL: fake.url,
    EVENTBRITE_TOKEN: "unit-token",
    ALLOW_PRIVATE_FETCH: "true",
  });
  resetEnvCache();
});

afterAll(async () => {
  await fake.close();
  await pages.close();
  process.env = saved;
  resetEnvCache();
});

beforeEach(() => fake.setMode("ok"));

describe("ticketing client and lookups against the fake", () => {
  it("asks for one event with the expansions and the bearer token", async () => {
    const event = await fetchEvent(eventbriteConfigFromEnv(), "424242424242");
    expect(event.name?.text).toBe("Fake Platform Comedy Night");
    const last = fake.requests.at(-1)!;
    expect(decodeURIComponent(last.path)).toBe(
      "/events/424242424242/?expand=venue,ticket_availability,logo,ticket_classes",
    );
    expect(last.authorization).toBe("Bearer unit-token");
  });

  it("maps a found event", async () => {
    const result = await lookupEventDetails(URL_OK, TODAY);
    expect(result.ok).toBe(true);
    expect(result.details).toMatchObject({
      title: "Fake Platform Comedy Night",
      date: "2030-03-14",
      time: "20:30",
      price: "$25",
    });
  });

  it("falls back to the placeholder when the platform fails, refuses or does not know the event", async () => {
    fake.setMode("error");
    expect(await lookupEventDetails(URL_OK, TODAY)).toMatchObject({
      ok: false,
      details: { title: "External Eventbrite Event", date: TODAY, time: "19:00", venue: "TBA", price: "TBA" },
    });
    fake.setMode("unauthorized");
    expect((await lookupEventDetails(URL_OK, TODAY)).ok).toBe(false);
    fake.setMode("ok");
    expect((await lookupEventDetails("https://www.eventbrite.ca/e/x-tickets-111111111", TODAY)).ok).toBe(
      false,
    );
  });

  it("reads other pages' Open Graph data, and gives the placeholder for a page without any", async () => {
    expect(await lookupEventDetails(`${pages.url}/og`, TODAY)).toMatchObject({
      ok: true,
      details: { title: "Patio Laughs", description: "Outdoors.", date: TODAY },
    });
    expect(await lookupEventDetails(`${pages.url}/empty`, TODAY)).toMatchObject({
      ok: false,
      details: { title: "External Event" },
    });
    expect(await lookupEventDetails("ftp://example.com/x", TODAY)).toMatchObject({
      ok: false,
      details: { title: "External Event" },
    });
  });

  it("refuses loopback pages unless fetching private addresses is allowed (tests only)", async () => {
    process.env.ALLOW_PRIVATE_FETCH = "false";
    resetEnvCache();
    try {
      expect(await lookupEventDetails(`${pages.url}/og`, TODAY)).toMatchObject({
        ok: false,
        details: { title: "External Event" },
      });
    } finally {
      process.env.ALLOW_PRIVATE_FETCH = "true";
      resetEnvCache();
    }
  });
});
