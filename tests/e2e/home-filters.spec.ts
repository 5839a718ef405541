import { todayIn } from "~/lib/dates";
import { expect, test } from "./fixtures";

/** Issue 42, item 4: quick dates as plain links; the filtered list says what is filtered, each part removable. JS on and off. */
test("Tonight and Next 7 days set the dates; each filter part is removed on its own", async ({ page }) => {
  const today = todayIn("America/Toronto");
  await page.goto("/?q=a");
  // The shortcuts are on the page itself, under the count (no panel to open).
  const quick = page.getByRole("navigation", { name: "Quick dates" });
  await quick.getByRole("link", { name: "Tonight" }).click();
  await expect(page).toHaveURL(new RegExp(`q=a&from=${today}&to=${today}`));
  await expect(quick.getByRole("link", { name: "Tonight" })).toHaveAttribute("aria-current", "true");
  const parts = page.getByRole("list", { name: "Filtered by" });
  await expect(parts.getByRole("link")).toHaveCount(2);
  await expect(parts.getByRole("link", { name: "Remove “a”" })).toBeVisible();
  // Removing the dates keeps the search.
  await parts.getByRole("link", { name: /^Remove .*[0-9]/ }).click();
  await expect(page).toHaveURL(/\?q=a#events$/);
  await expect(page.getByRole("list", { name: "Filtered by" }).getByRole("link")).toHaveCount(1);
  await page.goto("/?q=a");
  await page
    .getByRole("navigation", { name: "Quick dates" })
    .getByRole("link", { name: "Next 7 days" })
    .click();
  await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);
  await expect(page.getByText(/^Showing \d+ of \d+ events$/)).toBeVisible();
});
