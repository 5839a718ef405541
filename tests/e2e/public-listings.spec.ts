import { formatMonthYear } from "~/lib/dates";
import { startSeededServer, type SeededServer } from "../support/server";
import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/**
 * "The next 6 shows" is a ranking over every show: other specs add shows to the shared database
 * (some before the demo's), so the landing page's test reads a freshly seeded database of its own.
 */
let fresh: SeededServer | undefined;
test.afterAll(async () => fresh?.close());
const freshServer = async () => (fresh ??= await startSeededServer({}, "listings"));

test.describe("listings", () => {
  test("/club-shows lists the club's upcoming shows by month and names the club", async ({ page, db }) => {
    const series = seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan");
    const response = await page.goto("/club-shows");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Club Shows" })).toBeVisible();
    // The club is the venue record flagged as such; it links to its page. No source confirmed its
    // address, so none is shown (never a guess such as "Downtown Windsor").
    await expect(page.locator(".page-head").getByRole("link", { name: "Tipsy Toucan" })).toHaveAttribute(
      "href",
      "/tipsy-toucan",
    );
    await expect(page.locator(".venue-address")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: formatMonthYear(series.date) })).toBeVisible();
    const card = page.locator("article", { hasText: series.title });
    await expect(card.locator(".badge", { hasText: "Club Show" })).toBeVisible();
    await expect(card.getByRole("list", { name: "Dates" }).getByRole("listitem")).toHaveCount(5);
    // Only the club's venue; the past roast battle is skipped.
    await expect(page.getByText("Sip & Giggle at the Winery")).toHaveCount(0);
    await expect(page.getByText("Late Night Roast Battle")).toHaveCount(0);
    await card.getByRole("link", { name: /More Info/ }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${series.id}$`));
  });

  test("/comedy-shows-windsor lists the next 6 shows; sold out hides Get Tickets", async ({ page }) => {
    await page.goto(`${(await freshServer()).url}/comedy-shows-windsor`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Comedy Shows in Windsor, Ontario" }),
    ).toBeVisible();
    const items = page.locator(".landing-item");
    await expect(items).toHaveCount(6);
    const soldOut = items.filter({ hasText: "Sip & Giggle at the Winery" });
    await expect(soldOut.locator(".sold-out-overlay")).toBeVisible();
    await expect(soldOut.getByRole("link", { name: /Get Tickets/ })).toHaveCount(0);
    await expect(
      items.filter({ hasText: "Headliner Friday" }).getByRole("link", { name: /Get Tickets/ }),
    ).toHaveCount(1);
    await expect(items.first()).toContainText(/\d{1,2}:\d{2} (AM|PM)/);
  });

  test("/epicdads shows the collection with its badge and Back to Home", async ({ page }) => {
    await page.goto("/epicdads");
    await expect(page.getByRole("heading", { level: 1, name: "Epic Dads Comedy Weekend" })).toBeVisible();
    const cards = page.locator("article");
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all())
      await expect(card.locator(".badge", { hasText: "Father's Day Special" })).toBeVisible();
    const titles = await cards.locator("h2").allTextContents();
    expect(titles[0]).toContain("Wolfhead Distillery");
    expect(titles[2]).toContain("Mastronardi Winery");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
