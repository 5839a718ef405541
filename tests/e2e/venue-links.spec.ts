import { type Locator, type Page } from "@playwright/test";
import { isNull } from "drizzle-orm";
import { events, venues } from "~/db/schema";
import { showPath } from "~/lib/slug";
import type { DB } from "~/utils/db.server";
import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/**
 * Issue 17: every page that names a venue links the name to the venue's page (/{slug}), and
 * that page answers 200. Each entry is a page and the places on it that name a show's venue.
 */
const SLUG_PATH = /^\/[a-z0-9-]+$/;

/**
 * Venue texts of shows that point at no venue record (other specs insert such shows): they
 * have no page to link to, so they stay plain text.
 */
let unlinked = new Set<string>();
function readUnlinked(db: DB) {
  const bare = db.select({ venue: events.venue }).from(events).where(isNull(events.venueId)).all();
  unlinked = new Set(bare.map((r) => r.venue.trim()));
}

async function expectVenueLinks(page: Page, slots: Locator, checked: Set<string>, minimum = 1) {
  const count = await slots.count();
  expect(count, "venue names on the page").toBeGreaterThanOrEqual(minimum);
  for (let i = 0; i < count; i++) {
    const slot = slots.nth(i);
    // Read as a visitor reads it, on screen: a card far from the screen is not drawn yet
    // (`content-visibility: auto`), and the browser gives no rendered text for it.
    await slot.scrollIntoViewIfNeeded();
    const text = (await slot.innerText()).trim();
    // Online shows and "TBA" have no venue record and no page; a closed menu's text (the hero's
    // calendar menu names the show's title) is not read on screen.
    if (
      !text ||
      /^(online|tba)$/i.test(text) ||
      text.endsWith("· TBA") ||
      [...unlinked].some((v) => text === v || text.endsWith(` · ${v}`))
    )
      continue;
    const link = slot.locator("a.venue-link");
    await expect(link, `"${text}" is a link`).toHaveCount(1);
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(SLUG_PATH);
    checked.add(href);
  }
}

test("every venue name on the public pages links to its venue page, which answers 200 @once", async ({
  page,
  db,
}) => {
  test.setTimeout(90_000);
  const checked = new Set<string>();
  readUnlinked(db);
  const series = seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan");

  // Home: the grid (all shows), the carousel (the shows the grid leaves out: issue 42). The club
  // section's lines name no venue (they are all at the club, named by the section).
  await page.goto("/?all=1");
  await expectVenueLinks(page, page.locator(".home-events .show-card__venue"), checked, 5);
  await page.goto("/");
  await expectVenueLinks(page, page.locator(".carousel__meta"), checked);

  // Search results on / (by a comedian's name).
  await page.goto(`/?q=${encodeURIComponent("Priya Nair")}`);
  await expectVenueLinks(page, page.locator(".home-events .show-card__venue"), checked);

  // The calendar's upcoming list.
  await page.goto("/calendar");
  await expectVenueLinks(page, page.locator(".upcoming-item p.muted"), checked);

  // The club page: its heading names the club, its cards their venue.
  await page.goto("/club-shows");
  await expectVenueLinks(page, page.locator(".page-head p").filter({ hasText: "home club" }), checked);
  await expectVenueLinks(page, page.locator(".show-card__venue"), checked);

  // The landing page's list.
  await page.goto("/comedy-shows-windsor");
  await expectVenueLinks(page, page.locator(".landing-item__body p.muted"), checked);

  // A comedian's page: every appearance names its venue.
  await page.goto("/comedians/priya-nair");
  await expectVenueLinks(
    page,
    page.getByRole("list", { name: "Upcoming shows" }).getByRole("listitem"),
    checked,
  );

  // The event page (hero line and the details box) and the show page.
  await page.goto(`/event/${series.id}`);
  await expectVenueLinks(
    page,
    page.locator(".event-hero p:not(.show-location__map)").filter({ hasText: "Tipsy Toucan" }),
    checked,
  );
  await expectVenueLinks(page, page.locator(".show-location__name"), checked);
  await page.goto(showPath({ id: series.id, title: series.title, date: series.date }));
  await expectVenueLinks(page, page.locator(".show-location__name"), checked);

  // The spec's venue pages are among them, and every linked venue page answers 200.
  expect([...checked]).toEqual(
    expect.arrayContaining(["/tipsy-toucan", "/mastronardi-winery", "/walkerville-brewery"]),
  );
  for (const href of checked) {
    const res = await page.request.get(href);
    expect(res.status(), href).toBe(200);
  }
});

test("following a venue link lands on the venue's page, which reads its record", async ({ page, db }) => {
  const series = seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan");
  await page.goto(`/event/${series.id}`);
  await page.locator(".show-location__name").getByRole("link", { name: "Tipsy Toucan" }).click();
  await expect(page).toHaveURL(/\/tipsy-toucan$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tipsy Toucan" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Upcoming shows at Tipsy Toucan" })).toBeVisible();
  await expect(page.getByRole("link", { name: series.title }).first()).toBeVisible();
});

test("a venue page shows only the address parts a source confirmed", async ({ page }) => {
  await page.goto("/walkerville-brewery");
  const where = page.getByRole("region", { name: "Where to find Walkerville Brewery" });
  await expect(where.locator(".venue-place__address")).toHaveText("525 Argyle Rd, Windsor, ON");
  // The club's address is unknown: no address line, no maps link.
  await page.goto("/tipsy-toucan");
  const club = page.getByRole("region", { name: "Where to find Tipsy Toucan" });
  await expect(club.locator(".venue-place__address")).toHaveCount(0);
  await expect(club.getByRole("link", { name: /Open in maps/ })).toHaveCount(0);
  await expect(club.getByText("Street address not confirmed yet")).toBeVisible();
  // The marketing sections come from the record.
  await expect(page.getByRole("heading", { level: 2, name: "Plan your visit" })).toBeVisible();
});

/**
 * Issue 42, item 2 ("every venue page shows a street address and a map link"), in the form the
 * sources allow: a venue with a confirmed street shows it and "Open in maps"; one without says the
 * street is not confirmed and offers a maps search by its name and confirmed town (else the
 * promoter's region). Every show page at such a venue offers the same search.
 */
test("every venue page shows its street and a maps link, or says the street is unconfirmed and offers a maps search @once", async ({
  page,
  db,
}) => {
  const records = db
    .select({
      slug: venues.slug,
      name: venues.name,
      address1: venues.address1,
      city: venues.city,
      region: venues.region,
      latitude: venues.latitude,
      longitude: venues.longitude,
    })
    .from(venues)
    .all();
  expect(records.length).toBeGreaterThanOrEqual(8);
  for (const v of records) {
    await page.goto(`/${v.slug}`);
    const where = page.getByRole("region", { name: `Where to find ${v.name}` });
    if (v.address1 || (v.latitude != null && v.longitude != null)) {
      await expect(where.getByRole("link", { name: /^Open in maps/ })).toHaveAttribute(
        "href",
        /^https:\/\/www\.google\.com\/maps\/search\//,
      );
      if (v.address1) await expect(where.locator(".venue-place__address")).toContainText(v.address1);
    } else {
      await expect(where.getByText("Street address not confirmed yet")).toBeVisible();
      const href = await where
        .getByRole("link", { name: `Search the map for ${v.name}` })
        .getAttribute("href");
      const town = v.city ? [v.city, v.region].filter(Boolean).join(", ") : "Windsor-Essex, Ontario";
      expect(new URL(href!).searchParams.get("query"), v.slug).toBe(`${v.name}, ${town}`);
    }
  }
  // A show at a venue without a confirmed street: its page offers the same search.
  const show = seededShow(db, "Wolfhead Late Show");
  await page.goto(`/event/${show.id}`);
  await expect(
    page.getByRole("link", { name: "Search the map for Wolfhead Distillery" }).first(),
  ).toHaveAttribute("href", /query=Wolfhead%20Distillery%2C%20Amherstburg/);
});
