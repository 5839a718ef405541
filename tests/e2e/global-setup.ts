import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { seedDemoData } from "~/db/seed.server";
import { todayIn } from "~/lib/dates";
import { openDatabase, runMigrations } from "~/utils/db.server";
import { startFakeEventbrite } from "../fakes/eventbrite";
import { E2E_ENV, E2E_EVENTBRITE } from "./env";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(url: string, child: ReturnType<typeof spawn>, logFile: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/healthcheck`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The app did not start. Its log:\n${fs.readFileSync(logFile, "utf8")}`);
}

/** Starts the production build on a free port against a fresh seeded database. */
export default async function globalSetup() {
  if (!fs.existsSync("build/server.js")) {
    throw new Error("No build found: run `npm run build` first (npm test does).");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-e2e-"));
  const databasePath = path.join(dir, "app.db");
  const database = openDatabase(databasePath);
  runMigrations(database);
  seedDemoData(database, todayIn());
  database.$client.close();

  // The fake ticketing platform (tests/fakes/eventbrite.ts) the server talks to; tests
  // reach it at E2E_EVENTBRITE_URL. Its events come from tests/fixtures.
  const fakeEvent = JSON.parse(fs.readFileSync("tests/fixtures/eventbrite-event.json", "utf8"));
  const eventbrite = await startFakeEventbrite({ events: [fakeEvent], token: E2E_EVENTBRITE.EVENTBRITE_TOKEN });

  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const logFile = path.join(dir, "server.log");
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, ...E2E_ENV, ...E2E_EVENTBRITE, EVENTBRITE_API_URL: eventbrite.url, PORT: String(port), DATABASE_PATH: databasePath },
    stdio: ["ignore", log, log],
  });
  await waitForHealthy(baseURL, child, logFile);

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATABASE_PATH = databasePath;
  process.env.E2E_SERVER_LOG = logFile;
  process.env.E2E_EVENTBRITE_URL = eventbrite.url;

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await eventbrite.close();
    if (!process.env.E2E_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };
}
