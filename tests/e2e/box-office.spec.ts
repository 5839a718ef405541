import type { Browser } from "@playwright/test";
import { eq } from "drizzle-orm";
import { affiliateSales, comedians, eventComedians, events } from "~/db/schema";
import {
  fakeBoxOffice,
  FAKE_EVENTBRITE_ORG,
  FAKE_EVENTBRITE_TOKEN,
  startFakeEventbrite,
  type FakeEventbrite,
} from "../fakes/eventbrite";
import { startSeededServer, type SeededServer } from "../support/server";
import { signInAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";
import { openFilters } from "./public-helpers";

/**
 * The box office (issue 41), as visitors and the platform live it: a checkout at the ticketing
 * platform (the fake) sells seats, the platform's webhook reaches the site, and the show page
 * says so within a minute. Its own server and fake: the fake's seats and orders
 * change, and the fake delivers its webhooks to this server only.
 */
const SECRET = "e2e-webhook-secret-0123456789abcdef";
let server: SeededServer | undefined;
let fake: FakeEventbrite | undefined;
// One server and fake per project: the tests run in order in one worker (fullyParallel spread them
// over every worker, each starting a server, a fake and a staff sync of its own).
test.describe.configure({ mode: "default" });

/** The site's id of a synced show. */
const showId = (externalId: string) =>
  server!.database.select({ id: events.id }).from(events).where(eq(events.externalId, externalId)).get()!.id;
const seatsSold = (externalId: string) =>
  server!.database
    .select({ sold: events.seatsSold })
    .from(events)
    .where(eq(events.externalId, externalId))
    .get()?.sold;

async function syncOnce(browser: Browser) {
  const context = await browser.newContext({ baseURL: server!.url });
  await signInAsStaff(context, server!.database, server!.url);
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sync from Eventbrite" }).click();
  await expect(page.getByText(/Successfully synced \d+ events/).first()).toBeVisible();
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  fake = await startFakeEventbrite();
  server = await startSeededServer({
    EVENTBRITE_API_URL: fake.url,
    EVENTBRITE_TOKEN: FAKE_EVENTBRITE_TOKEN,
    EVENTBRITE_ORGANIZATION_ID: FAKE_EVENTBRITE_ORG,
    EVENTBRITE_WEBHOOK_SECRET: SECRET,
  });
  await syncOnce(browser);
  // Registered as the README says: the platform's webhook API, the site's secret URL.
  const res = await fetch(`${fake.url}/organizations/${FAKE_EVENTBRITE_ORG}/webhooks/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${FAKE_EVENTBRITE_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      endpoint_url: `${server.url}/webhooks/eventbrite/${SECRET}`,
      actions:
        "order.placed,order.refunded,attendee.updated,attendee.checked_in,ticket_class.updated,event.updated",
    }),
  });
  expect(res.ok).toBe(true);
});

test.afterAll(async () => {
  await server?.close();
  await fake?.close();
});

test("a sale at the platform that takes the last seat shows the page sold out within 60 s, through the webhook", async ({
  browser,
  javaScriptOn,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server!.url, javaScriptEnabled: javaScriptOn });
  const page = await context.newPage();
  const id = showId("9100000001");
  await page.goto(`/event/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Fake Sync Headliner Night" })).toBeVisible();
  await expect(page.getByRole("link", { name: /GET TICKETS/ }).first()).toBeVisible();
  await expect(page.getByText("Sold out.", { exact: false })).toHaveCount(0);

  // 120 seats, 30 sold: a checkout takes the 90 left.
  const order = await fakeBoxOffice<{ placedAt: number; delivered: { status: number }[] }>(
    fake!.url,
    "order",
    {
      eventId: "9100000001",
      quantity: 90,
      email: "last.seat@example.com",
    },
  );
  expect(order.delivered).toEqual([{ status: 202 }]);
  const deadline = order.placedAt + 60_000;
  let soldOutAt = 0;
  while (Date.now() < deadline) {
    await page.reload();
    if ((await page.getByText("Every seat for Fake Sync Headliner Night is taken.").count()) > 0) {
      soldOutAt = Date.now();
      break;
    }
    await page.waitForTimeout(250);
  }
  expect(soldOutAt, "the page said sold out within 60 s of the sale").toBeGreaterThan(0);
  console.log(
    `[box-office] sale at the platform → show page sold out (${javaScriptOn ? "js" : "no-js"}): ${soldOutAt - order.placedAt} ms`,
  );
  await expect(page.getByRole("link", { name: /GET TICKETS/ })).toHaveCount(0);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  );
  expect(JSON.stringify(ld)).toContain("https://schema.org/SoldOut");
  await context.close();
});

test("'Last few tickets' appears at max(10, 10 %) left and not above, on the card and the page", async ({
  browser,
  javaScriptOn,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server!.url, javaScriptEnabled: javaScriptOn });
  const page = await context.newPage();
  // The brewery night: 100 seats, 88 sold. One sale: 11 left, not "last few"; one more: 10 left.
  const event = "9100000005";
  await fakeBoxOffice(fake!.url, "seats", { eventId: event, total: 100, sold: 88 });
  const sell = async (expected: number) => {
    await fakeBoxOffice(fake!.url, "order", { eventId: event, quantity: 1 });
    await expect.poll(() => seatsSold(event), { timeout: 60_000 }).toBe(expected);
  };
  await sell(89);
  const id = showId(event);
  await page.goto(`/event/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Fake Sync Brewery Night" })).toBeVisible();
  await expect(page.getByText("Last few tickets")).toHaveCount(0);
  let ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(ld).toContain("https://schema.org/InStock");

  await sell(90);
  await page.reload();
  await expect(page.getByText("Last few tickets")).toBeVisible();
  ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(ld).toContain("https://schema.org/LimitedAvailability");
  await expect(page.getByRole("link", { name: /GET TICKETS/ }).first()).toBeVisible();

  // The list says it too, and "tickets left" keeps the show (it has seats) without JavaScript.
  await page.goto("/?tickets=left&all=1#events");
  // By their text: cards off the screen are not laid out (content-visibility), so they have
  // no accessible names yet.
  const cards = page.locator("article", { hasText: "Fake Sync Brewery Night" });
  await expect(cards.first()).toBeAttached();
  for (const card of await cards.all()) await expect(card.getByText("Last few tickets")).toBeAttached();
  await context.close();
});

test("the 'tickets left' filter drops sold-out shows, from the form, with and without JavaScript", async ({
  browser,
  javaScriptOn,
}) => {
  const context = await browser.newContext({ baseURL: server!.url, javaScriptEnabled: javaScriptOn });
  const page = await context.newPage();
  await page.goto("/?all=1");
  // The events grid (the carousel above it always shows every show).
  const grid = page.getByRole("region", { name: "Upcoming Events" });
  const soldOut = grid.getByRole("heading", { name: "Fake Sync Sold Out Special" });
  await expect(soldOut).toBeVisible();
  await openFilters(page, javaScriptOn);
  await page.getByLabel("Only shows with tickets left").check();
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/tickets=left/);
  const count = page.getByRole("status").filter({ hasText: /Showing \d+ of \d+ events/ });
  // Polled: with JavaScript the URL can change a moment before the new list is drawn.
  await expect
    .poll(async () => {
      const [shown, total] = ((await count.textContent()) ?? "").match(/\d+/g)!.map(Number);
      return shown < total;
    })
    .toBe(true);
  await grid.getByRole("link", { name: "Show All" }).click();
  await expect(page).toHaveURL(/tickets=left.*all=1|all=1.*tickets=left/);
  await expect(soldOut).toHaveCount(0);
  await expect(
    grid
      .getByRole("heading", { name: "Fake Sync Headliner Night" })
      .or(grid.getByRole("heading", { name: "Fake Sync Brewery Night" }))
      .first(),
  ).toBeVisible();
  await context.close();
});

test("a sale through a comic's link shows in their draw, on their admin page and in the CSV", async ({
  browser,
  javaScriptOn,
}) => {
  test.setTimeout(90_000);
  const db = server!.database;
  // A comic on the mystery-venue night's line-up (one per project: each has its own show count).
  const comic = db
    .insert(comedians)
    .values({
      name: `Draw Comic ${javaScriptOn ? "js" : "nojs"}`,
      slug: `draw-comic-${javaScriptOn ? "js" : "nojs"}`,
    })
    .returning()
    .get();
  const show = showId("9100000004");
  db.insert(eventComedians).values({ eventId: show, comedianId: comic.id, role: "feature" }).run();

  const context = await browser.newContext({ baseURL: server!.url, javaScriptEnabled: javaScriptOn });
  const page = await context.newPage();
  // The comic's page: the ticket link carries their code to the checkout.
  await page.goto(`/comedians/${comic.slug}`);
  const link = page.getByRole("link", { name: /^GET TICKETS: Fake Sync Mystery Venue/ });
  const href = (await link.getAttribute("href"))!;
  const aff = new URL(href).searchParams.get("aff");
  expect(aff).toBe(`lw-comic-${comic.id}`);
  // Their share link (the show page with the code) passes it on too.
  await page.getByRole("link", { name: "Fake Sync Mystery Venue" }).first().click();
  await expect(page).toHaveURL(new RegExp(`aff=lw-comic-${comic.id}`));
  expect(
    await page
      .getByRole("link", { name: /GET TICKETS/ })
      .first()
      .getAttribute("href"),
  ).toContain(`aff=lw-comic-${comic.id}`);

  // Two tickets bought through that link at the platform (the checkout records the code).
  await fakeBoxOffice(fake!.url, "order", { eventId: "9100000004", quantity: 2, affiliate: aff });
  await expect
    .poll(
      () =>
        db
          .select({ tickets: affiliateSales.tickets })
          .from(affiliateSales)
          .where(eq(affiliateSales.affiliate, aff!))
          .get()?.tickets,
      { timeout: 60_000 },
    )
    .toBe(2);

  await signInAsStaff(context, db, server!.url);
  await page.goto(`/admin/comedians/${comic.id}`);
  const draw = page.getByRole("region", { name: `${comic.name}'s draw` });
  await expect(draw.getByText(/Tickets bought through .* links .*: 2\./)).toBeVisible();
  await expect(draw.getByRole("row", { name: /Fake Sync Mystery Venue .* 2 0/ })).toBeVisible();
  const csv = await page.request.get(`/admin/comedians/${comic.id}/draw.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`lw-comic-${comic.id},Fake Sync Mystery Venue,${show},`);
  await context.close();
});

test("the webhook endpoint: JSON from the platform's servers without an Origin, bounded, refused without the secret", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "HTTP only: runs once");
  const url = `${server!.url}/webhooks/eventbrite/${SECRET}`;
  const body = JSON.stringify({
    config: { action: "event.updated", webhook_id: "1", user_id: "2", endpoint_url: url },
    api_url: `${fake!.url}/events/9100000004/`,
  });
  const post = (target: string, init: RequestInit) => fetch(target, { method: "POST", ...init });
  const json = { "Content-Type": "application/json" };
  expect((await post(url, { headers: json, body })).status).toBe(202);
  // Repeated: the same answer (one job, made due again).
  expect((await post(url, { headers: json, body })).status).toBe(202);
  expect(
    (await post(`${server!.url}/webhooks/eventbrite/not-the-secret-000000000000`, { headers: json, body }))
      .status,
  ).toBe(403);
  expect(
    (await post(url, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" }))
      .status,
  ).toBe(415);
  expect((await post(url, { headers: json, body: `{"pad":"${"x".repeat(20_000)}"}` })).status).toBe(413);
  expect((await post(url, { headers: json, body: "{" })).status).toBe(400);
  expect((await fetch(url)).status).toBe(404);
  // The secret never reaches the server's log.
  const fs = await import("node:fs");
  const logs = fs.readdirSync(server!.databasePath.replace(/app\.db$/, "")).filter((f) => f.endsWith(".log"));
  for (const f of logs)
    expect(fs.readFileSync(`${server!.databasePath.replace(/app\.db$/, "")}${f}`, "utf8")).not.toContain(
      SECRET,
    );
});
