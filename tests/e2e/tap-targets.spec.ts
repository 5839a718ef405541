import { seededShow } from "../support/shows";
import { expect, test } from "./fixtures";

/** Issue 42, item 7 (part): the line-up's and the footer's links are 44 px tap targets on a phone. JS on and off. */
test("line-up and footer links are at least 44 px tall at 360 and 390 px", async ({ page, db }) => {
  const show = seededShow(db, "Headliner Friday: Club Special");
  for (const width of [360, 390]) {
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
