import fs from "node:fs";

/** The browser tests run the production build: each worker starts its own server (tests/e2e/fixtures.ts). */
export default function globalSetup() {
  if (!fs.existsSync("build/server.js")) {
    throw new Error("No build found: run `npm run build` first (npm test does).");
  }
}
