import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { seedDemoData } from "~/db/seed.server";
import { todayIn } from "~/lib/dates";
import { openDatabase, runMigrations, type DB } from "~/utils/db.server";
import { E2E_ENV } from "./env";

/**
 * A second copy of the production server on its own seeded database, for the few tests
 * whose checks would be blurred by other specs writing to the shared one at the same time
 * (whole-database checksums, "archive every past show" counts). Start it in beforeAll.
 */
export async function startIsolatedServer(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-isolated-"));
  const databasePath = path.join(dir, "app.db");
  const database = openDatabase(databasePath);
  runMigrations(database);
  seedDemoData(database, todayIn());
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, ...E2E_ENV, PORT: String(port), DATABASE_PATH: databasePath, ...env },
    stdio: "ignore",
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await fetch(`${url}/healthcheck`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    databasePath,
    database: database as DB,
    async close() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      database.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
