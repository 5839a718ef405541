import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { seedDemoData } from "~/db/seed.server";
import { todayIn } from "~/lib/dates";
import { openDatabase, runMigrations, type DB } from "~/utils/db.server";
import { E2E_ENV } from "./env";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = (probe.address() as net.AddressInfo);
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The production server on its own seeded database with a mail set-up of the test's
 * choosing (SMTP_URL, short outbox retry and lease times), which the test can kill -9 and
 * start again on the same database (issue 18's delivery tests).
 */
export async function startMailServer(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-mail-"));
  const databasePath = path.join(dir, "app.db");
  const database = openDatabase(databasePath);
  runMigrations(database);
  seedDemoData(database, todayIn());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  async function start(extra: Record<string, string> = {}) {
    child = spawn(process.execPath, ["build/server.js"], {
      env: { ...process.env, ...E2E_ENV, OUTBOX_RETRY_BASE_MS: "300", OUTBOX_LEASE_MS: "1500", ...env, ...extra, PORT: String(port), DATABASE_PATH: databasePath },
      stdio: "ignore",
    });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (await fetch(`${url}/healthcheck`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error("the mail test server did not start");
  }

  async function stop(signal: NodeJS.Signals) {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once("exit", r));
    running.kill(signal);
    await exited;
  }

  await start();
  return {
    url,
    database: database as DB,
    /** kill -9: no shutdown handler runs. */
    kill: () => stop("SIGKILL"),
    /** SIGTERM (a deploy, fly's kill_signal): the graceful shutdown runs; resolves once it exited. */
    terminate: () => stop("SIGTERM"),
    restart: (extra: Record<string, string> = {}) => start(extra),
    async close() {
      await stop("SIGTERM");
      database.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the seeded staff account on a server of the test's own. */
export async function loginAt(page: Page, base: string) {
  await page.goto(`${base}/admin/login?redirectTo=%2Fadmin%2Fwaitlist`);
  await page.getByLabel("Username").fill(E2E_ENV.ADMIN_USERNAME);
  await page.getByLabel("Password").fill(E2E_ENV.ADMIN_PASSWORD);
  await page.getByRole("button", { name: /log in|sign in/i }).click();
  await page.waitForURL((u) => u.pathname === "/admin/waitlist");
}

/** Waits until `check` holds (polling), or fails with `what`. */
export async function eventually(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for: ${what}`);
}
