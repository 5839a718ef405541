import { E2E_ENV } from "../support/env";
import { loginAsStaff } from "../support/staff";
import { expect, test } from "./fixtures";

test("staff pages send visitors without a session to the login, and back after it", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin/);
  await page.getByLabel("Username").fill(E2E_ENV.ADMIN_USERNAME);
  await page.getByLabel("Password").fill(E2E_ENV.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin dashboard" })).toBeVisible();
});

test("a wrong password says only 'Invalid credentials' and keeps the visitor out", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(E2E_ENV.ADMIN_USERNAME);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("logout ends the session: the old cookie no longer opens staff pages", async ({ page, context }) => {
  await loginAsStaff(page);
  const cookies = await context.cookies();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  // Replaying the cookie from before logout must not work: the session is gone server-side.
  await context.addCookies(cookies);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("an open redirect through redirectTo is refused", async ({ page }) => {
  await page.goto("/admin/login?redirectTo=//evil.example.com/");
  await page.getByLabel("Username").fill(E2E_ENV.ADMIN_USERNAME);
  await page.getByLabel("Password").fill(E2E_ENV.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
