import { expect, test } from "./fixtures";

test("the home page renders upcoming shows in the first response", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Laugh Windsor home" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Tuesday Night Stand-Up/ }).first()).toBeVisible();
  // The header's icon links carry the spec's titles, the active one highlighted.
  for (const title of ["Home", "Calendar", "About", "Merch", "Contact"]) {
    await expect(page.locator(`header a[title="${title}"]`)).toBeVisible();
  }
  await expect(page.locator('header a[title="Home"]')).toHaveAttribute("aria-current", "page");
});

test("/404 and unknown routes answer the not-found page with status 404 @once", async ({ page }) => {
  for (const path of ["/404", "/no/such/page"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  }
});

test("healthcheck answers OK", async ({ request }) => {
  const response = await request.get("/healthcheck");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("OK");
});
