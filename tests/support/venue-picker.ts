import type { Page } from "@playwright/test";

/** The event form's venue select (issue 42): a record, TBA, Online or "New venue…". */
export const venueSelect = (page: Page) => page.getByLabel("Venue", { exact: true });

/** The option the venue select shows (its text: "Name" or "Name (Town)"). */
export const chosenVenue = (page: Page) => venueSelect(page).locator("option:checked");

/**
 * Picks the venue record named `name` (the first of that name) as staff would; with no such
 * record, "New venue…" and its name (and town), JavaScript on or off.
 */
export async function chooseVenue(page: Page, name: string, town?: string) {
  const select = venueSelect(page);
  const value = await select
    .locator("option")
    .evaluateAll(
      (options, wanted) =>
        (options as HTMLOptionElement[]).find(
          (o) => o.textContent === wanted || o.textContent?.startsWith(`${wanted} (`),
        )?.value ?? null,
      name,
    );
  if (value) return void (await select.selectOption(value));
  await select.selectOption("new");
  await page.getByLabel("New venue's name").fill(name);
  if (town) await page.getByLabel("New venue's town").fill(town);
}
