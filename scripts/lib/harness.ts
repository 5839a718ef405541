/**
 * What every load, crash and soak script shares: the production build started on a free
 * loopback port against a temporary SQLite file, stopped with a signal; a bounded worker
 * pool; percentiles; the process's resident memory. Everything stays on 127.0.0.1.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase, runMigrations, type DB } from "~/utils/db.server";

/** The cookie-signing secret the harness servers are started with. */
export const HARNESS_SESSION_SECRET = "load-test-session-secret-0123456789";

/**
 * A vote device cookie as /vote would issue it (Remix's signed cookie: base64 JSON, then
 * cookie-signature's HMAC-SHA256), made synchronously so a load tool can give every simulated
 * phone its own device without loading the page first.
 */
export function deviceCookieFor(n: number, secret = HARNESS_SESSION_SECRET) {
  const id = `bench-device-${String(n).padStart(8, "0")}`;
  const value = Buffer.from(JSON.stringify(id)).toString("base64");
  const mac = crypto.createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");
  return `vote_device=${encodeURIComponent(`${value}.${mac}`)}`;
}

/** The staff account the harness servers are started with. */
export const HARNESS_STAFF = { username: "admin", password: "load-test-admin-password" };

export function requireBuild() {
  if (!fs.existsSync("build/server.js")) {
    console.error("No build found: run `npm run build` first (this script builds nothing).");
    process.exit(1);
  }
}

/** A migrated SQLite file in a fresh temporary folder; `fill` adds the rows a run needs. */
export function prepareTempDatabase<T>(prefix: string, fill: (database: DB) => T) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `laugh-${prefix}-`));
  const file = path.join(dir, "app.db");
  const database = openDatabase(file);
  try {
    runMigrations(database);
    return { dir, file, data: fill(database) };
  } finally {
    database.$client.close();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Server = { child: ChildProcess; base: string; port: number; log: string };

/**
 * Starts build/server.js (production mode) on a free loopback port against `databasePath`
 * and waits for /healthcheck. `port` reuses a port (a restart); `env` adds settings;
 * `nodeArgs` go before the script (e.g. `--cpu-prof`).
 */
export async function startServer(
  databasePath: string,
  dir: string,
  options: { env?: Record<string, string>; port?: number; nodeArgs?: string[] } = {},
): Promise<Server> {
  const port = options.port ?? (await freePort());
  const log = path.join(dir, `server-${port}.log`);
  const out = fs.openSync(log, "a");
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_PATH: databasePath,
      SESSION_SECRET: HARNESS_SESSION_SECRET,
      ADMIN_USERNAME: HARNESS_STAFF.username,
      ADMIN_PASSWORD: HARNESS_STAFF.password,
      BOOKING_PASSWORD: "load-booking",
      RESULTS_PASSWORD: "load-results",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "false",
      // The heap limits `npm start` uses in production (package.json "config").
      NODE_OPTIONS: process.env.npm_package_config_nodeOptions ?? "",
      ...options.env,
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/healthcheck`)).ok) return { child, base, port, log };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not start:\n${fs.readFileSync(log, "utf8")}`);
}

export function hasExited(server: Server) {
  return server.child.exitCode !== null || server.child.signalCode !== null;
}

export async function stopServer(server: Server, signal: NodeJS.Signals = "SIGTERM") {
  if (hasExited(server)) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill(signal);
  await exited;
}

/** Waits until the process is gone (after a SIGKILL sent elsewhere). */
export async function waitForExit(server: Server) {
  if (hasExited(server)) return;
  await new Promise((r) => server.child.once("exit", r));
}

/**
 * Bounds a script's run: after `seconds`, says so, kills the server it is testing (if any)
 * and exits 1. Returns a function that disarms it.
 */
export function giveUpAfter(label: string, seconds: number, server?: () => Server | undefined) {
  const timer = setTimeout(() => {
    console.error(`${label} took over ${seconds} s: giving up`);
    server?.()?.child.kill("SIGKILL");
    process.exit(1);
  }, seconds * 1000);
  return () => clearTimeout(timer);
}

/** Runs `task` over `items` with at most `limit` at once. */
export async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await task(item);
    }
  });
  await Promise.all(workers);
}

export function percentile(values: number[], p: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Resident memory of a process in MiB (Linux /proc), or null elsewhere. */
export function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Math.round((Number(kb) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** The cookies a response sets, as a Cookie header (merged over `previous`). */
export function cookieHeader(res: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0], c] as const),
  );
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(";")[0];
    jar.set(pair.split("=")[0], pair);
  }
  return [...jar.values()].join("; ");
}

/** Logs in as staff through the real form (POST /admin/login); returns the Cookie header. */
export async function loginStaff(base: string): Promise<string> {
  const res = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: HARNESS_STAFF.username, password: HARNESS_STAFF.password, redirectTo: "/admin" }),
    redirect: "manual",
  });
  await res.text();
  const cookie = cookieHeader(res);
  if (res.status !== 302 || !cookie) throw new Error(`staff login failed (${res.status})`);
  return cookie;
}
