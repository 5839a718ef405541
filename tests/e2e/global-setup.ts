import fs from "node:fs";
import { startE2EServer } from "../support/server";

/** Starts the production build on a free port against a fresh seeded database (tests/support/server.ts). */
export default async function globalSetup() {
  if (!fs.existsSync("build/server.js")) {
    throw new Error("No build found: run `npm run build` first (npm test does).");
  }
  const e2e = await startE2EServer();
  process.env.E2E_BASE_URL = e2e.server.base;
  process.env.E2E_DATABASE_PATH = e2e.databasePath;
  process.env.E2E_SERVER_LOG = e2e.server.log;
  process.env.E2E_EVENTBRITE_URL = e2e.eventbriteUrl;
  process.env.E2E_SHEET_URL = e2e.sheetUrl;
  return () => e2e.close({ keep: Boolean(process.env.E2E_KEEP) });
}
