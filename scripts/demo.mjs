// npm run demo — after install and build: seeds demo data and serves the production build
// on http://localhost:3000 with demo passwords (printed below). Any variable you set wins.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: process.env.PORT ?? "3000",
  DATABASE_PATH: process.env.DATABASE_PATH ?? "./data/app.db",
  SESSION_SECRET: process.env.SESSION_SECRET ?? crypto.randomBytes(32).toString("hex"),
  ADMIN_USERNAME: process.env.ADMIN_USERNAME ?? "admin",
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? "laughs-admin",
  BOOKING_PASSWORD: process.env.BOOKING_PASSWORD ?? "booking-demo",
  RESULTS_PASSWORD: process.env.RESULTS_PASSWORD ?? "results-demo",
};

const seed = spawnSync("npx", ["tsx", "scripts/seed.ts"], { env, stdio: "inherit" });
if (seed.status !== 0) process.exit(seed.status ?? 1);
// Realistic posters (2,000–6,000 px JPEGs, made once and cached) for the demo shows.
const posters = spawnSync("npx", ["tsx", "scripts/posters.ts"], { env, stdio: "inherit" });
if (posters.status !== 0) process.exit(posters.status ?? 1);

console.log(`
Demo accounts (set the variables to change them):
  staff login  http://localhost:${env.PORT}/admin/login   ${env.ADMIN_USERNAME} / ${env.ADMIN_PASSWORD}
               (created only when the database has no staff account yet)
  booking      http://localhost:${env.PORT}/booking       ${env.BOOKING_PASSWORD}
  results      http://localhost:${env.PORT}/results       ${env.RESULTS_PASSWORD}
`);

const server = spawn("npm", ["start"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
