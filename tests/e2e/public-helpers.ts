import type { Page } from "@playwright/test";

/** Opens Search and Filter: a dialog with JavaScript, a disclosure without. */
export async function openFilters(page: Page, javaScriptOn: boolean) {
  if (javaScriptOn) {
    await page.getByRole("button", { name: "Search and Filter" }).click();
    await page.getByRole("dialog").waitFor();
  } else {
    const details = page.locator("details.filter-details");
    if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) {
      await page.locator("details.filter-details > summary").click();
    }
  }
}
