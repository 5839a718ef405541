import { eq } from "drizzle-orm";
import { events, venues } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { insertShow } from "../support/shows";
import { loginAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

/** Issue 17 (venue half): staff give a venue its address; show pages, JSON-LD and the venue's feed use it. */
test("staff edit a venue's address; the show page, its JSON-LD and the venue's calendar use it", async ({
  page,
  db,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `E2E Venue ${stamp}`;
  const slug = `e2e-venue-${stamp}`.toLowerCase();
  const venueId = db.insert(venues).values({ name, slug }).returning({ id: venues.id }).get().id;
  const title = `E2E Venue Show ${stamp}`;
  const showId = insertShow(db, {
    title,
    date: addDaysIso(todayIn(), 30),
    time: "20:00",
    venue: name,
    venueId,
  }).id;

  // Before: no address is known, none is shown or guessed.
  await page.goto(`/event/${showId}`);
  await expect(
    page.getByRole("complementary", { name: "Event details" }).getByRole("link", { name, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Open in maps/ })).toHaveCount(0);

  await loginAsStaff(page, "/admin/venues");
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();

  // Bad input: a clear message, nothing stored.
  await page.getByLabel("Latitude").fill("north-ish");
  await page.getByLabel("Longitude").fill("-83.03");
  await page.getByRole("button", { name: "Save venue" }).click();
  await expect(page.getByText("Latitude must be a number between -90 and 90")).toBeVisible();
  expect(db.select().from(venues).where(eq(venues.id, venueId)).get()?.latitude).toBeNull();

  await page.getByLabel("Street address").fill("1 Example Riverside Dr");
  await page.getByLabel("City").fill("Windsor");
  await page.getByLabel("Province or state").fill("ON");
  await page.getByLabel("Postal code").fill("N9A 0A9");
  await page.getByLabel("Country").fill("ca");
  await page.getByLabel("Latitude").fill("42.3149");
  await page.getByRole("button", { name: "Save venue" }).click();
  await expect(page.getByText(`Venue "${name}" saved`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(
    "1 Example Riverside Dr, Windsor, ON N9A 0A9",
  );

  await page.goto(`/event/${showId}`);
  const facts = page.getByRole("complementary", { name: "Event details" });
  await expect(facts.getByText("1 Example Riverside Dr, Windsor, ON N9A 0A9")).toBeVisible();
  await expect(facts.getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
    "href",
    /query=42\.3149%2C-83\.03/,
  );
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  );
  expect((Array.isArray(ld) ? ld[0] : ld).location).toEqual({
    "@type": "Place",
    name,
    address: {
      "@type": "PostalAddress",
      streetAddress: "1 Example Riverside Dr",
      addressLocality: "Windsor",
      addressRegion: "ON",
      postalCode: "N9A 0A9",
      addressCountry: "CA",
    },
    geo: { "@type": "GeoCoordinates", latitude: 42.3149, longitude: -83.03 },
  });

  const feed = await page.request.get(`/venues/${slug}/calendar.ics`);
  expect(feed.status()).toBe(200);
  const text = (await feed.text()).replace(/\r\n[ \t]/g, "");
  expect(text).toContain(`SUMMARY:${title}`);
  expect(text).toContain("LOCATION:E2E Venue");
  expect(text).toContain("1 Example Riverside Dr\\, Windsor\\, ON N9A 0A9");
  expect((await page.request.get("/venues/no-such-venue/calendar.ics")).status()).toBe(404);
});

/** Issue 17: the club and winery badges follow the flags staff tick on the venue record. */
test("staff tick the club and winery flags on a venue; its shows get the badges and join /club-shows", async ({
  page,
  db,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `Flag Hall ${stamp}`;
  const slug = `flag-hall-${stamp}`.toLowerCase();
  const venueId = db.insert(venues).values({ name, slug }).returning({ id: venues.id }).get().id;
  const title = `Flagged Show ${stamp}`;
  const showId = insertShow(db, {
    title,
    date: addDaysIso(todayIn(), 3),
    time: "20:00",
    venue: name,
    venueId,
  }).id;
  try {
    // Before: the name means nothing, no badge.
    await page.goto(`/event/${showId}`);
    await expect(page.locator(".event-hero .badge", { hasText: "Club Show" })).toHaveCount(0);

    await loginAsStaff(page, `/admin/venues/${venueId}`);
    await page.getByLabel(/Club venue/).check();
    await page.getByLabel(/Winery/).check();
    await page.getByRole("button", { name: "Save venue" }).click();
    await expect(page.getByText(`Venue "${name}" saved`)).toBeVisible();
    expect(db.select().from(venues).where(eq(venues.id, venueId)).get()).toMatchObject({
      isClub: true,
      isWinery: true,
    });

    await page.goto(`/event/${showId}`);
    await expect(page.locator(".event-hero .badge", { hasText: "Club Show" })).toBeVisible();
    await expect(page.locator(".event-hero .badge", { hasText: "Winery Event" })).toBeVisible();
    await page.goto(`/?q=${encodeURIComponent(title)}`);
    const card = page.locator(".home-events article.show-card").filter({ hasText: title });
    await expect(card.locator(".badge", { hasText: "Club Show" })).toBeVisible();
    // A club show soon is also in the home page's Club Shows section.
    // (one line each since issue 42, item 4)
    await expect(page.locator(".home-club li").filter({ hasText: title })).toHaveCount(1);
    await expect(card.locator(".show-card__venue").getByRole("link", { name })).toHaveAttribute(
      "href",
      `/${slug}`,
    );
    await page.goto("/club-shows");
    await expect(page.locator("article.show-card").filter({ hasText: title })).toHaveCount(1);
    await expect(page.locator(".page-head").getByRole("link", { name })).toHaveAttribute("href", `/${slug}`);

    // Unticking takes the badge away again.
    await page.goto(`/admin/venues/${venueId}`);
    await page.getByLabel(/Club venue/).uncheck();
    await page.getByRole("button", { name: "Save venue" }).click();
    await expect(page.getByText(`Venue "${name}" saved`)).toBeVisible();
    await page.goto(`/event/${showId}`);
    await expect(page.locator(".event-hero .badge", { hasText: "Club Show" })).toHaveCount(0);
    await expect(page.locator(".event-hero .badge", { hasText: "Winery Event" })).toBeVisible();
  } finally {
    db.delete(events).where(eq(events.id, showId)).run();
    db.update(venues).set({ isClub: false, isWinery: false }).where(eq(venues.id, venueId)).run();
  }
});
