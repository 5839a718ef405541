import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import type { DB } from "~/utils/db.server";
import { patchEventbriteFakeEvent, setEventbriteFakeMode } from "../fakes/eventbrite";
import { loginAsStaff } from "../support/staff";
import { withFakeLock } from "./fake-lock";
import { expect, test } from "./fixtures";

/**
 * Issue 14: staff sync the real-shaped fake (tests/fixtures/eventbrite), then a visitor reads
 * the show page, its JSON-LD and its calendar file for each kind of platform event.
 */
const fakeUrl = () => process.env.E2E_EVENTBRITE_URL!;

test.describe.configure({ timeout: 90_000 });

async function sync(page: Page) {
  await loginAsStaff(page);
  await page.getByRole("button", { name: "Sync from Eventbrite" }).click();
  await expect(
    page.getByText(/Successfully synced \d+ events from the external ticketing platform/),
  ).toBeVisible({ timeout: 20_000 });
  // The dashboard says when the last run finished and what it changed.
  await expect(
    page.getByText(/Last run finished \w{3} \d+, \d+:\d\d [AP]M \(Toronto\) by admin:/),
  ).toBeVisible();
}

function idOf(db: DB, externalId: string): number {
  const row = db.select({ id: events.id }).from(events).where(eq(events.externalId, externalId)).get();
  expect(row, `show ${externalId} stored`).toBeTruthy();
  return row!.id;
}

async function jsonLd(page: Page): Promise<Record<string, any>> {
  const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(raw ?? "null");
  return Array.isArray(data) ? data[0] : data;
}

async function ics(page: Page, id: number): Promise<string> {
  const res = await page.request.get(`/event/${id}/calendar.ics`);
  expect(res.status()).toBe(200);
  return (await res.text()).replace(/\r\n[ \t]/g, "");
}

test("synced platform shows read right on their pages, in JSON-LD and in calendars @once", async ({
  page,
  db,
}) => {
  await withFakeLock(async () => {
    await setEventbriteFakeMode(fakeUrl(), "ok");
    await sync(page);
  });
  const facts = page.getByRole("complementary", { name: "Event details" });

  // Out of zone (America/Vancouver): its own time and zone, its offset, the instant in ICS.
  const vancouver = idOf(db, "9200000001");
  await page.goto(`/event/${vancouver}`);
  await expect(facts.getByText("8:30 PM PDT")).toBeVisible();
  await expect(facts.getByText("200 Example St, Vancouver, BC V6B 0A2")).toBeVisible();
  expect(await jsonLd(page)).toMatchObject({
    startDate: "2031-07-18T20:30:00-07:00",
    endDate: "2031-07-18T22:30:00-07:00",
    location: {
      "@type": "Place",
      address: { streetAddress: "200 Example St", addressLocality: "Vancouver", addressRegion: "BC" },
    },
  });
  const vIcs = await ics(page, vancouver);
  expect(vIcs).toContain("DTSTART:20310719T033000Z");
  expect(vIcs).toContain("DTEND:20310719T053000Z");

  // Multi-day: ends two days later, everywhere.
  const festival = idOf(db, "9200000002");
  await page.goto(`/event/${festival}`);
  await expect(facts.getByText("Until Sunday, August 10, 2031 · 11:00 PM")).toBeVisible();
  await expect(page.locator(".event-overview li", { hasText: "Saturday: showcase" })).toBeVisible();
  expect(await jsonLd(page)).toMatchObject({
    startDate: "2031-08-08T19:00:00-04:00",
    endDate: "2031-08-10T23:00:00-04:00",
  });
  expect(await ics(page, festival)).toContain("DTEND:20310811T030000Z");

  // Free: "Free", never "Starting at Free".
  const free = idOf(db, "9200000003");
  await page.goto(`/event/${free}`);
  await expect(facts.getByText("Free", { exact: true })).toBeVisible();
  await expect(page.getByText("Starting at Free")).toHaveCount(0);
  expect((await jsonLd(page)).offers).toMatchObject({ price: "0" });

  // USD: in US dollars, said so.
  const usd = idOf(db, "9200000004");
  await page.goto(`/event/${usd}`);
  await expect(facts.getByText("Starting at US$20")).toBeVisible();
  expect((await jsonLd(page)).offers).toMatchObject({ price: "20", priceCurrency: "USD" });

  // Online: "Online", a VirtualLocation.
  const online = idOf(db, "9200000005");
  await page.goto(`/event/${online}`);
  await expect(facts.getByText("Online", { exact: true })).toBeVisible();
  expect(await jsonLd(page)).toMatchObject({
    eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
    location: { "@type": "VirtualLocation" },
  });
  expect(await ics(page, online)).toContain("LOCATION:Online");

  // Unlisted, password-protected and draft: nowhere.
  for (const externalId of ["9200000006", "9200000007", "9200000008"]) {
    expect(db.select().from(events).where(eq(events.externalId, externalId)).all()).toHaveLength(0);
  }
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("industry-preview");
  const feed = await (await page.request.get("/calendar.ics")).text();
  expect(feed).not.toContain("Industry Preview");

  // The two colliding shows: two addresses in the sitemap, each opening its own show.
  const paths = [...sitemap.matchAll(/<loc>[^<]*(\/show\/march-19-20-21[^<]*)<\/loc>/g)].map((m) => m[1]);
  expect(paths.sort()).toEqual(["/show/march-19-20-21-2031-03-19", "/show/march-19-20-21-full-2031-03-19"]);
  await page.goto(paths[0]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("March 19, 20, & 21 - Full Moon Hikes");
  await page.goto(paths[1]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "March 19, 20, & 21 Full Moon - Forest Bathing",
  );
});

test("a public show cancelled on the platform stays visible, badged and marked cancelled @once", async ({
  page,
  db,
}) => {
  await withFakeLock(async () => {
    await setEventbriteFakeMode(fakeUrl(), "ok");
    try {
      await sync(page);
      await patchEventbriteFakeEvent(fakeUrl(), "9200000009", { status: "canceled" });
      await page.goto("/admin");
      await page.getByRole("button", { name: "Sync from Eventbrite" }).click();
      await expect(page.getByText(/Successfully synced \d+ events/)).toBeVisible({ timeout: 20_000 });
    } finally {
      await patchEventbriteFakeEvent(fakeUrl(), null);
    }
  });
  const id = idOf(db, "9200000009");
  await page.goto(`/event/${id}`);
  await expect(page.locator(".badge", { hasText: "CANCELLED" }).first()).toBeVisible();
  await expect(page.getByText("This show has been cancelled.").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /GET TICKETS/ })).toHaveCount(0);
  expect(await jsonLd(page)).toMatchObject({ eventStatus: "https://schema.org/EventCancelled" });
  expect(await ics(page, id)).toContain("STATUS:CANCELLED");
});
