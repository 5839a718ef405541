import type { Page } from "@playwright/test";
import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/**
 * Issue 42, item 7: every tap target of a phone's show page (its one "Add to calendar" menu open),
 * the line-up and footer links, and the calendar's month arrows are at least 44 px, at 360 and
 * 390 px, JavaScript on and off.
 */
const WIDTHS = [360, 390];

/** Each visible element `selector` finds, with a box under 44 px in height (or `width` too). */
async function small(page: Page, selector: string, { width = false } = {}) {
  const found: string[] = [];
  for (const el of await page.locator(selector).all()) {
    if (!(await el.isVisible())) continue;
    const box = (await el.boundingBox())!;
    if (box.height < 44 || (width && box.width < 44))
      found.push(`${selector} "${(await el.textContent())?.trim()}" ${box.width}×${box.height}`);
  }
  return found;
}

test("line-up and footer links are at least 44 px tall at 360 and 390 px", async ({ page, db }) => {
  const show = seededShow(db, "Headliner Friday: Club Special");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/event/${show.id}`);
    const links = [
      ...(await page.locator(".lineup__name").all()),
      ...(await page.locator(".site-footer__links a").all()),
    ];
    expect(links.length).toBeGreaterThan(8);
    for (const link of links) {
      const box = (await link.boundingBox())!;
      expect(box.height, `${width}px ${await link.textContent()}`).toBeGreaterThanOrEqual(44);
    }
  }
});

test("a show page's actions and its Add to calendar menu are 44 px tap targets at 360 and 390 px", async ({
  page,
  db,
}) => {
  const show = seededShow(db, "Tuesday Night Stand-Up at Tipsy Toucan");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/event/${show.id}`);
    // One menu, closed at first: none of its links shows until it is opened.
    const menu = page.locator("details.calendar-menu");
    await expect(menu).toHaveCount(1);
    await expect(menu.getByRole("link")).toHaveCount(0);
    await menu.locator("summary").click();
    await expect(menu.getByRole("link")).toHaveCount(5);
    const found = [
      ...(await small(page, ".event-hero .event-actions > a, .event-hero summary, .event-hero__venue a", {
        width: true,
      })),
      ...(await small(page, ".calendar-menu a", { width: true })),
      ...(await small(page, ".event-facts select, .event-facts a, .event-facts button")),
      ...(await small(page, ".back-link")),
    ];
    expect(found, `${width}px`).toEqual([]);
  }
});

test("the calendar's month arrows are at least 44×44 px at 360 and 390 px", async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/calendar");
    const arrows = page.locator(".cal-nav a");
    await expect(arrows).toHaveCount(2);
    expect(await small(page, ".cal-nav a", { width: true }), `${width}px`).toEqual([]);
  }
});

test("a comedian page's dates, tickets and calendar menus are 44 px tap targets at 360 and 390 px", async ({
  page,
}) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/comedians/omar-haddad");
    for (const summary of await page.locator(".comedian-date summary").all()) await summary.click();
    const found = [
      ...(await small(page, ".comedian-date a, .comedian-date summary")),
      ...(await small(page, ".comedian-links a, .back-link")),
    ];
    expect(found, `${width}px`).toEqual([]);
  }
});
