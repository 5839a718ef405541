/**
 * The production build (build/server.js) started on a free loopback port against a SQLite
 * file, waited for on /healthcheck, stopped with a signal. One starter for the browser
 * tests' global setup, the specs that need a server of their own, and the scripts.
 * Everything stays on 127.0.0.1.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { todayIn } from "~/lib/dates";
import type { DB } from "~/utils/db.server";
import { seedDemoData } from "../../scripts/seeds/demo";
import { FAKE_EVENTBRITE_ORG, FAKE_EVENTBRITE_TOKEN, startFakeEventbrite } from "../fakes/eventbrite";
import { startSheetFake } from "../fakes/sheet";
import { tempDatabase } from "./db";
import { E2E_ENV, LOAD_ENV } from "./env";

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
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

/** Polls `base`/healthcheck until it answers 200; false when `gaveUp` says so or time runs out. */
export async function waitForHealthy(
  base: string,
  options: { timeoutMs?: number; gaveUp?: () => boolean } = {},
) {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (options.gaveUp?.()) return false;
    try {
      const res = await fetch(`${base}/healthcheck`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

export type Server = { child: ChildProcess; base: string; port: number; log: string };

export type StartOptions = {
  /** The settings: a profile (E2E_ENV, LOAD_ENV) and what the caller adds. */
  env: Record<string, string>;
  /** Reuse a port (a restart on the same address). */
  port?: number;
  /** The host name in `base` (the browser tests' origin is localhost). */
  host?: string;
  /** Node flags before the script (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** How long to wait for /healthcheck (default 30 s). */
  timeoutMs?: number;
};

/**
 * Starts build/server.js (production mode) against `databasePath`, logging to a file in
 * `dir`, and waits for /healthcheck. Throws with the server's log when it does not come up.
 */
export async function startServer(databasePath: string, dir: string, options: StartOptions): Promise<Server> {
  const port = options.port ?? (await freePort());
  const log = `${dir}/server-${port}.log`;
  const out = fs.openSync(log, "a");
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "build/server.js"], {
    env: { ...process.env, ...options.env, PORT: String(port), DATABASE_PATH: databasePath },
    stdio: ["ignore", out, out],
    // APP_DIR: another checkout's build (with MIGRATIONS_FOLDER at its drizzle/), e.g. to run
    // `npm run attack -- --app DIR` or a spec against the code before a fix.
    cwd: process.env.APP_DIR ?? process.cwd(),
  });
  fs.closeSync(out);
  const base = `http://${options.host ?? "127.0.0.1"}:${port}`;
  if (await waitForHealthy(base, { gaveUp: () => child.exitCode !== null, timeoutMs: options.timeoutMs }))
    return { child, base, port, log };
  child.kill("SIGKILL");
  throw new Error(`the server did not start:\n${fs.readFileSync(log, "utf8")}`);
}

/**
 * The flags production's node runs with (package.json `config.nodeFlags`: npm start and the
 * Dockerfile's CMD). Flags on the command line, not NODE_OPTIONS, which refuses most V8 flags.
 */
function productionNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
  return String(pkg.config.nodeFlags).split(" ").filter(Boolean);
}

/** The scripts' server: LOAD_ENV and the node flags `npm start` uses in production. */
export function startLoadServer(
  databasePath: string,
  dir: string,
  options: { env?: Record<string, string>; port?: number; nodeArgs?: string[] } = {},
) {
  return startServer(databasePath, dir, {
    env: { ...LOAD_ENV, ...options.env },
    port: options.port,
    nodeArgs: [...productionNodeFlags(), ...(options.nodeArgs ?? [])],
  });
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
 * A server of a spec's own on its own seeded database (E2E_ENV plus `env`), for checks that
 * other specs writing to the shared database would blur, or that kill and restart it.
 */
export async function startSeededServer(env: Record<string, string> = {}, prefix = "isolated") {
  const {
    dir,
    file: databasePath,
    database,
  } = tempDatabase(prefix, (db) => seedDemoData(db, todayIn()), { keepOpen: true });
  const port = await freePort();
  const start = (extra: Record<string, string> = {}) =>
    startServer(databasePath, dir, { env: { ...E2E_ENV, ...env, ...extra }, port });
  let server = await start();
  return {
    url: server.base,
    databasePath,
    database: database as DB,
    /** kill -9: no shutdown handler runs. */
    kill: () => stopServer(server, "SIGKILL"),
    /** SIGTERM (a deploy, fly's kill_signal): the graceful shutdown runs; resolves once it exited. */
    terminate: () => stopServer(server, "SIGTERM"),
    async restart(extra: Record<string, string> = {}) {
      server = await start(extra);
    },
    async close() {
      await stopServer(server);
      database.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type SeededServer = Awaited<ReturnType<typeof startSeededServer>>;

/**
 * The browser tests' server (one per Playwright worker: tests/e2e/fixtures.ts; and `npm run
 * screenshots`): a seeded database, fakes of the ticketing platform and of the booking sheet,
 * E2E_ENV plus `env`, reached as localhost (the specs' origin).
 */
export async function startE2EServer(options: { env?: Record<string, string> } = {}) {
  const { dir, file: databasePath } = tempDatabase("e2e", (database) => seedDemoData(database, todayIn()));
  // Fakes of the ticketing platform (the organisation's list, venues, single events such
  // as tests/fixtures/eventbrite/load-from-url.json for load-from-URL) and of the booking
  // sheet; the server is pointed at them and the specs switch their modes over HTTP.
  // Slow mode answers after 1 s per request: a sync asks for several pages, a series and venues.
  const eventbrite = await startFakeEventbrite({ slowMs: 1_000 });
  const sheet = await startSheetFake();
  const fakeEnv = {
    EVENTBRITE_API_URL: eventbrite.url,
    EVENTBRITE_TOKEN: FAKE_EVENTBRITE_TOKEN,
    EVENTBRITE_ORGANIZATION_ID: FAKE_EVENTBRITE_ORG,
    BOOKING_SHEET_URL: sheet.url,
  };
  const server = await startServer(databasePath, dir, {
    env: { ...E2E_ENV, ...fakeEnv, ...options.env },
    host: "localhost",
    // One per worker, started at once with the others' on a shared machine.
    timeoutMs: 90_000,
  });
  return {
    server,
    databasePath,
    eventbriteUrl: eventbrite.url,
    sheetUrl: sheet.url,
    async close({ keep = false } = {}) {
      await stopServer(server);
      await Promise.all([eventbrite.close(), sheet.close()]);
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
