import fs from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { HELD_MODULES_ID } from "~/components/scripts";
import { openDatabase, type DB } from "~/utils/db.server";
import { treeCpuSeconds } from "../support/cpu";
import { mailRig, type MailRig } from "../support/mail";
import { startE2EServer } from "../support/server";
import { signInAsStaff } from "../support/staff";

/** The test database this worker's server uses (tests own the rows they create). */
export function testDb(): DB {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is not set: run through the `test` of tests/e2e/fixtures.ts");
  return openDatabase(file);
}

/**
 * The browser tests' fixtures. Each worker starts a server of its own (`e2eServer`: the
 * production build on a free port, a freshly seeded database, fakes of the ticketing platform
 * and of the booking sheet; tests/support/server.ts `startE2EServer`), so no two workers share
 * rows, rate budgets or a fake's mode; `baseURL` is that server and the worker's
 * `E2E_DATABASE_PATH`, `E2E_EVENTBRITE_URL` and `E2E_SHEET_URL` name its database and fakes.
 * A project with `fastPaths: false` starts it (and every server its specs start) with
 * FAST_PATHS=off. Then `javaScriptOn` (which project), `db` (the worker's test database),
 * and `signIn(path)`: the page's context signed in as the seeded staff member
 * (tests/support/staff.ts), then `path` opened; `mail`: fake SMTP servers and mail-enabled
 * servers of the test's own (tests/support/mail.ts), stopped after the test.
 *
 * With JavaScript on, `page.goto` and `page.reload` return once the page has hydrated: the
 * public pages start their scripts only after the load event (app/components/scripts.tsx), and a
 * test that clicks before then would test the JavaScript-off page.
 */
export const test = base.extend<
  {
    javaScriptOn: boolean;
    db: DB;
    signIn: (path?: string) => Promise<void>;
    mail: MailRig;
    cpuLog: void;
  },
  { fastPaths: boolean; e2eServer: { base: string }; workerCpuLog: void }
>({
  // E2E_CPU_LOG=FILE: one JSON line per test with the CPU-seconds its worker, the worker's
  // browser and servers used during it (tests/support/cpu.ts), and one per worker with its
  // start (server, browser) and its total: where a run's CPU goes (docs/decisions/test-kit.md).
  workerCpuLog: [
    async ({}, use, workerInfo) => {
      await use();
      const file = process.env.E2E_CPU_LOG;
      if (file)
        fs.appendFileSync(
          file,
          `${JSON.stringify({ worker: workerInfo.workerIndex, project: workerInfo.project.name, cpu: treeCpuSeconds(), endedAt: Date.now() / 1000 })}\n`,
        );
    },
    { scope: "worker", auto: true },
  ],
  cpuLog: [
    async ({}, use, testInfo) => {
      const file = process.env.E2E_CPU_LOG;
      if (!file) return use();
      const startedAt = Date.now() / 1000;
      const before = treeCpuSeconds();
      await use();
      const line = {
        file: testInfo.file.replace(/.*\/tests\/e2e\//, ""),
        title: testInfo.titlePath.slice(1).join(" › "),
        project: testInfo.project.name,
        worker: testInfo.workerIndex,
        status: testInfo.status,
        startedAt,
        before,
        cpu: treeCpuSeconds() - before,
        seconds: testInfo.duration / 1000,
      };
      fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    },
    { auto: true },
  ],
  fastPaths: [true, { scope: "worker", option: true }],
  e2eServer: [
    async ({ fastPaths }, use) => {
      // The servers the specs start themselves read FAST_PATHS from the environment too.
      if (!fastPaths) process.env.FAST_PATHS = "off";
      const e2e = await startE2EServer();
      process.env.E2E_DATABASE_PATH = e2e.databasePath;
      process.env.E2E_EVENTBRITE_URL = e2e.eventbriteUrl;
      process.env.E2E_SHEET_URL = e2e.sheetUrl;
      await use({ base: e2e.server.base });
      await e2e.close({ keep: Boolean(process.env.E2E_KEEP) });
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ e2eServer }, use) => use(e2eServer.base),
  javaScriptOn: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => untilHydrated(page, await goto(...args));
      page.reload = async (...args) => untilHydrated(page, await reload(...args));
    }
    await use(page);
  },
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

/** Waits until a page whose scripts were held back (see above) has started them and hydrated. */
async function untilHydrated<T>(page: Page, response: T): Promise<T> {
  await page.waitForFunction(
    (id) => !document.getElementById(id) || "__remixRouter" in window,
    HELD_MODULES_ID,
  );
  return response;
}

export { expect };
