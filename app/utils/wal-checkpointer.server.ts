import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { DB } from "./db.server";

/**
 * Issue 20: WAL checkpoints off the request path. SQLite's automatic checkpoint runs inside the
 * COMMIT that crosses 1,000 WAL pages, on the connection that commits: with better-sqlite3 that
 * is the event loop, and the checkpoint copies the pages back and fsyncs (synchronous=NORMAL
 * syncs at checkpoints). Measured on the vote insert: median 0.075 ms, mean 0.57 ms, p99 14 ms,
 * worst 212 ms, all of the difference in the commits that checkpointed.
 *
 * A worker thread with its own connection runs a PASSIVE checkpoint every `everyMs` (it never
 * waits for readers or writers; writers keep appending to the WAL meanwhile), and the app's
 * connection only checkpoints by itself past FALLBACK_PAGES (~40 MB of WAL), should the worker
 * stop. Commits then only append to the WAL (no fsync, as synchronous=NORMAL allows in WAL mode).
 */
const FALLBACK_PAGES = 10_000;

/**
 * How often the worker checkpoints. The app's connection pays for a long WAL: its reads look pages
 * up in the WAL's index first, and its commits extend the file on disk. A/B of
 * vote posts at 50 connections (tenth session, 3 rounds each, 80,000 votes stored before): p99
 * 43–60 ms with a checkpoint every second, 36–54 ms every 250 ms, 35–48 ms every 100 ms, and 70–73
 * ms with none. A quarter of a second: most of the gain, and at most four fsyncs a second.
 */
export const CHECKPOINT_EVERY_MS = 250;

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 1000");
// Checkpointing copies pages from the WAL to the file: it needs no page cache of its own.
db.pragma("cache_size = -64");
let checkpoints = 0;
const run = () => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
    checkpoints++;
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
};
const timer = setInterval(run, workerData.everyMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ stopped: true, checkpoints });
  parentPort.close();
});
`;

export type WalCheckpointer = {
  /** Stops the worker (its connection closed); resolves with how many checkpoints it ran. */
  stop: () => Promise<number>;
};

export function startWalCheckpointer(
  database: DB,
  file: string,
  options: { everyMs?: number; onError?: (message: string) => void } = {},
): WalCheckpointer | null {
  if (file === ":memory:") return null;
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file: path.resolve(file), everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS },
    // It runs one pragma at a time: a small heap keeps it to a few MB of the server's memory.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  database.$client.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  let checkpoints = 0;
  const fallBack = (message: string) => {
    // The app's own connection checkpoints again as SQLite does by default.
    if (database.$client.open) database.$client.pragma("wal_autocheckpoint = 1000");
    options.onError?.(message);
  };
  worker.on("message", (m: { error?: string; stopped?: boolean; checkpoints?: number }) => {
    if (m.error) options.onError?.(m.error);
    if (m.stopped) checkpoints = m.checkpoints ?? 0;
  });
  let exited = false;
  worker.on("error", (error) => fallBack(String(error)));
  worker.once("exit", () => {
    exited = true;
  });
  return {
    stop: () =>
      new Promise<number>((resolve) => {
        if (exited) return resolve(checkpoints);
        worker.once("exit", () => resolve(checkpoints));
        // Unref'd while it runs, the worker would not keep a stopping process alive until its
        // exit, and the shutdown would end before the database closes and "stopped" is logged.
        worker.ref();
        worker.postMessage("stop");
      }),
  };
}
