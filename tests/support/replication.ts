/**
 * The production build run the way the container runs it with a bucket configured:
 * `litestream replicate -config deploy/litestream.yml -exec "node <flags> build/server.js"`,
 * against the S3 fake (tests/fakes/s3.ts). Used by tests/e2e/replication.spec.ts: the
 * kill-and-restore rehearsal and the replica that goes down.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { litestreamPositions } from "~/services/replication.server";
import type { FakeS3 } from "../fakes/s3";
import { LOAD_ENV } from "./env";
import { freePort, waitForHealthy } from "./server";

const run = promisify(execFile);

export function litestreamBinary() {
  const dir = path.resolve(`node_modules/@flydotio/litestream-${process.platform}-${process.arch}`);
  return path.join(dir, "litestream");
}

function productionNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
  return String(pkg.config.nodeFlags).split(" ").filter(Boolean);
}

export type Replicated = {
  base: string;
  port: number;
  litestream: ChildProcess;
  serverPid: number;
  log: string;
  litestreamAddr: string;
  env: Record<string, string>;
};

/** The server's process: Litestream's child. */
function childOf(pid: number): number | null {
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (children) return Number(children.split(" ")[0]);
    }
  } catch {
    /* gone */
  }
  return null;
}

export async function startUnderLitestream(options: {
  dir: string;
  databasePath: string;
  s3: FakeS3;
  env?: Record<string, string>;
}): Promise<Replicated> {
  const port = await freePort();
  const litestreamAddr = `127.0.0.1:${await freePort()}`;
  const env: Record<string, string> = {
    ...LOAD_ENV,
    ...options.s3.env,
    ...options.env,
    PORT: String(port),
    DATABASE_PATH: options.databasePath,
    LITESTREAM_ADDR: litestreamAddr,
  };
  const log = path.join(options.dir, `replicated-${port}.log`);
  const out = fs.openSync(log, "a");
  const command = [process.execPath, ...productionNodeFlags(), "build/server.js"].join(" ");
  const litestream = spawn(
    litestreamBinary(),
    ["replicate", "-config", "deploy/litestream.yml", "-exec", command],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", out, out],
    },
  );
  fs.closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitForHealthy(base, { gaveUp: () => litestream.exitCode !== null, timeoutMs: 60_000 }))) {
    litestream.kill("SIGKILL");
    throw new Error(`the server under Litestream did not start:\n${fs.readFileSync(log, "utf8")}`);
  }
  const serverPid = childOf(litestream.pid!);
  if (!serverPid) throw new Error("no server process under Litestream");
  return { base, port, litestream, serverPid, log, litestreamAddr, env };
}

/**
 * Litestream's replica holds everything the database has, read as the server's replication
 * monitor reads it (Litestream's figures and its shadow WAL file: litestreamPositions).
 */
export async function caughtUp(r: Replicated) {
  try {
    const text = await (await fetch(`http://${r.litestreamAddr}/metrics`)).text();
    const positions = litestreamPositions(text, r.env.DATABASE_PATH);
    return positions !== null && positions.shadow === positions.replica;
  } catch {
    return false;
  }
}

/** kill -9 of the server and Litestream at once: the machine lost, nothing shut down. */
export function killBoth(r: Replicated) {
  for (const pid of [r.serverPid, r.litestream.pid!]) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
}

/** `npm run db:restore -- --from-replica --to TARGET` (the real script) with the machine's settings. */
export async function restoreFromReplica(r: Replicated, target: string, extra: string[] = []) {
  const { stdout, stderr } = await run(
    process.execPath,
    ["--import", "tsx", "scripts/db-restore.ts", "--from-replica", "--to", target, ...extra],
    { env: { ...process.env, ...r.env, NODE_ENV: "production" }, timeout: 120_000 },
  );
  return `${stdout}${stderr}`.trim();
}
