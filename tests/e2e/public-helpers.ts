import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import type { DB } from "~/utils/db.server";

/** The id of a seeded show by its exact title (the demo seed is read-only for these tests). */
export function seededId(db: DB, title: string): number {
  const row = db.select({ id: events.id }).from(events).where(eq(events.title, title)).get();
  if (!row) throw new Error(`No seeded show titled ${title}`);
  return row.id;
}

export function seededShow(db: DB, title: string) {
  const row = db.select().from(events).where(eq(events.title, title)).get();
  if (!row) throw new Error(`No seeded show titled ${title}`);
  return row;
}

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
