import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { seedDemoData } from "~/db/seed.server";
import { todayIn } from "~/lib/dates";
import { openDatabase, runMigrations } from "~/utils/db.server";
import { FAKE_EVENTBRITE_ORG, FAKE_EVENTBRITE_TOKEN, startFakeEventbrite } from "../fakes/eventbrite";
import { startSheetFake } from "../fakes/sheet";
import { E2E_ENV } from "./env";

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

  // Fakes of the ticketing platform (the organisation's list, venues, single events such
  // as tests/fixtures/eventbrite-event.json for load-from-URL) and of the booking sheet;
  // the server is pointed at them and the specs switch their modes over HTTP.
  const fixtureEvent = JSON.parse(fs.readFileSync("tests/fixtures/eventbrite-event.json", "utf8"));
  // Slow mode answers after 1 s per request: a sync asks for several pages, a series and venues.
  const eventbrite = await startFakeEventbrite({ events: [fixtureEvent], slowMs: 1_000 });
  const sheet = await startSheetFake();
  const fakeEnv = {
    EVENTBRITE_API_URL: eventbrite.url,
    EVENTBRITE_TOKEN: FAKE_EVENTBRITE_TOKEN,
    EVENTBRITE_ORGANIZATION_ID: FAKE_EVENTBRITE_ORG,
    BOOKING_SHEET_URL: sheet.url,
  };
  process.env.E2E_EVENTBRITE_URL = eventbrite.url;
  process.env.E2E_SHEET_URL = sheet.url;

  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const logFile = path.join(dir, "server.log");
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, ...E2E_ENV, ...fakeEnv, PORT: String(port), DATABASE_PATH: databasePath },
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
    await Promise.all([eventbrite.close(), sheet.close()]);
    if (!process.env.E2E_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };
}
