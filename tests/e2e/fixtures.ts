import { test as base, expect, type Page } from "@playwright/test";
import { openDatabase, type DB } from "~/utils/db.server";
import { E2E_ENV } from "./env";

/** The test database the server under test uses (tests own the rows they create). */
export function testDb(): DB {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is not set: run through playwright's global setup");
  return openDatabase(file);
}

export const test = base.extend<{ javaScriptOn: boolean; db: DB }>({
  javaScriptOn: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  db: async ({}, use) => {
    const database = testDb();
    await use(database);
    database.$client.close();
  },
});

export { expect };

/** Signs in as the seeded staff account through the real login form. */
export async function loginAsStaff(page: Page, redirectTo = "/admin") {
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Username").fill(E2E_ENV.ADMIN_USERNAME);
  await page.getByLabel("Password").fill(E2E_ENV.ADMIN_PASSWORD);
  await page.getByRole("button", { name: /log in|sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin/login"));
}
