import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import { seededShow } from "../support/shows";
import { loginAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

/**
 * Issue 42, item 3: house rules per show, each empty one falling back to its venue's, shown
 * above the ticket button, in the show's calendar file and as schema.org typicalAgeRange; age
 * and "clean" filters on the home page. JavaScript on and off.
 */

test("a show page shows its venue's house rules above the ticket button, in its ICS and JSON-LD", async ({
  page,
  db,
  request,
}) => {
  const show = seededShow(db, "Headliner Friday: Club Special");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/event/${show.id}`);
  const rules = page.getByRole("definition").locator("xpath=ancestor::dl[@aria-label='House rules']").first();
  await expect(rules).toContainText("19+ (ID checked at the door)");
  await expect(rules).toContainText("General admission: first come, first seated");
  await expect(rules).toContainText("About 1 h 30 min");
  // Above the ticket button, on the page and on the screen.
  const button = page.locator(".event-hero .event-actions").getByRole("link", { name: "GET TICKETS" });
  const [r, b] = [await rules.boundingBox(), await button.boundingBox()];
  expect(r!.y + r!.height).toBeLessThanOrEqual(b!.y);

  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(
    ld
      .map((t) => JSON.parse(t))
      .flat()
      .find((x) => x["@type"] === "ComedyEvent"),
  ).toMatchObject({
    typicalAgeRange: "19-",
  });
  const ics = await (await request.get(`/event/${show.id}/calendar.ics`)).text();
  expect(ics.replace(/\r\n /g, "")).toContain("Age: 19+ (ID checked at the door)");
});

test("a show's own rules win over its venue's; the age and clean filters find it", async ({ page, db }) => {
  const family = seededShow(db, "Farm Fresh Funny at Colasanti's");
  await page.goto(`/event/${family.id}`);
  const rules = page.locator('dl[aria-label="House rules"]');
  await expect(rules).toContainText("Age12+");
  await expect(rules).toContainText("Clean: family-friendly material");

  for (const query of ["?clean=1", "?age=16"]) {
    await page.goto(`/${query}#events`);
    const grid = page.locator("#events");
    await expect(grid.getByRole("heading", { name: "Farm Fresh Funny at Colasanti's" })).toBeVisible();
    await expect(grid.getByRole("heading", { name: "Headliner Friday: Club Special" })).toHaveCount(0);
  }
  // The filter form offers both, and keeps what is chosen.
  await page.goto("/?clean=1&age=16");
  await expect(page.locator("#filter-clean")).toBeChecked();
  await expect(page.locator("#filter-age")).toHaveValue("16");
});

test("staff give a show its own age limit in the event form; clearing it falls back to the venue's", async ({
  page,
  db,
}) => {
  const show = seededShow(db, "New Material Night");
  await loginAsStaff(page, `/admin/events/${show.id}`);
  await page.getByLabel("Age limit").fill("18");
  await page.getByLabel("Content").selectOption("adult");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(db.select().from(events).where(eq(events.id, show.id)).get()!.houseRules).toEqual({
    minAge: 18,
    content: "adult",
  });
  await page.goto(`/event/${show.id}`);
  await expect(page.locator('dl[aria-label="House rules"]')).toContainText("18+");

  await page.goto(`/admin/events/${show.id}`);
  await expect(page.getByLabel("Age limit")).toHaveValue("18");
  await page.getByLabel("Age limit").fill("");
  await page.getByLabel("Content").selectOption("");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(db.select().from(events).where(eq(events.id, show.id)).get()!.houseRules).toBeNull();
  // The brewery's own rules show again.
  await page.goto(`/event/${show.id}`);
  await expect(page.locator('dl[aria-label="House rules"]')).toContainText("19+");
  await expect(page.locator('dl[aria-label="House rules"]')).not.toContainText("Adult");
});
