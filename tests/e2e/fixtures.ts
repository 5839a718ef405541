import { test as base, expect } from "@playwright/test";
import { openDatabase, type DB } from "~/utils/db.server";
import { mailRig, type MailRig } from "../support/mail";
import { signInAsStaff } from "../support/staff";

/** The test database the server under test uses (tests own the rows they create). */
export function testDb(): DB {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is not set: run through playwright's global setup");
  return openDatabase(file);
}

/**
 * The browser tests' fixtures: `javaScriptOn` (which project), `db` (the shared test
 * database), and `signIn(path)`: the page's context signed in as the seeded staff member
 * (tests/support/staff.ts), then `path` opened; `mail`: fake SMTP servers and mail-enabled
 * servers of the test's own (tests/support/mail.ts), stopped after the test.
 */
export const test = base.extend<{
  javaScriptOn: boolean;
  db: DB;
  signIn: (path?: string) => Promise<void>;
  mail: MailRig;
}>({
  javaScriptOn: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  db: async ({}, use) => {
    const database = testDb();
    await use(database);
    database.$client.close();
  },
  signIn: async ({ page, db, baseURL }, use) => {
    await use(async (path = "/admin") => {
      await signInAsStaff(page.context(), db, baseURL!);
      await page.goto(path);
    });
  },
  mail: async ({}, use) => {
    const rig = mailRig();
    await use(rig);
    await rig.close();
  },
});

export { expect };
