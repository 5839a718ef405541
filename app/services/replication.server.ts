import fs from "node:fs";
import path from "node:path";
import { LagClock, parseLitestreamMetrics } from "~/lib/replication-lag";
import { getEnv, type Env } from "~/utils/env.server";
import type { logger } from "~/utils/logger.server";
import { safeFetchText } from "~/utils/safe-fetch.server";

/**
 * Watches the off-site replication (Litestream, started by deploy/docker-entrypoint.sh beside
 * the server when a bucket is configured) through Litestream's own metrics on loopback. The
 * site never waits for it: a replica that is down only changes what the health detail, the
 * `replication_lag_seconds` metric and the log say.
 */
export type ReplicationStatus =
  | { state: "off" }
  | {
      state: "ok" | "behind" | "unknown";
      /** Seconds the oldest write not yet off-site has waited (0: all of it is there). */
      lagSeconds: number;
      /** Why the figures are unknown (Litestream not answering). */
      problem?: string;
      checkedAt: number | null;
    };

/** A bucket is configured: the entrypoint runs the server under `litestream replicate -exec`. */
export const replicationConfigured = (env: Pick<Env, "BUCKET_NAME"> = getEnv()) => Boolean(env.BUCKET_NAME);

type Monitor = { status: () => ReplicationStatus; stop: () => void };

const holder = globalThis as typeof globalThis & { __laughReplication?: Monitor };

/** The current status (off when no monitor runs in this process). */
export function replicationStatus(): ReplicationStatus {
  return holder.__laughReplication?.status() ?? { state: "off" };
}

/** One line for the health detail. */
export function describeReplication(status: ReplicationStatus = replicationStatus()): string {
  switch (status.state) {
    case "off":
      return "replication: off (no bucket configured)";
    case "ok":
      return "replication: ok";
    case "behind":
      return `replication: BEHIND, the oldest write not yet off-site has waited ${Math.round(status.lagSeconds)} s`;
    case "unknown":
      return `replication: UNKNOWN, ${status.problem ?? "no reading yet"} (waiting ${Math.round(status.lagSeconds)} s)`;
  }
}

/**
 * The size of one shadow WAL file of Litestream's current generation (Litestream 0.3's folder
 * beside the database: `.app.db-litestream/generation` names it, `generations/<it>/wal/<index in
 * 8 hex digits>.wal` holds the WAL frames it has copied), or null when there is none to read.
 * The replication monitor's local position (see parseLitestreamMetrics for why not the metric).
 */
export function litestreamShadowFileBytes(databasePath: string, index: number): number | null {
  const meta = path.join(path.dirname(databasePath), `.${path.basename(databasePath)}-litestream`);
  try {
    const generation = fs.readFileSync(path.join(meta, "generation"), "utf8").trim();
    if (!/^[0-9a-f]{16}$/.test(generation)) return null;
    const file = path.join(
      meta,
      "generations",
      generation,
      "wal",
      `${index.toString(16).padStart(8, "0")}.wal`,
    );
    return fs.statSync(file).size;
  } catch {
    return null;
  }
}

/** Litestream's positions from its /metrics text and its folder beside the database. */
export function litestreamPositions(metricsText: string, databasePath: string) {
  return parseLitestreamMetrics(metricsText, (index) => litestreamShadowFileBytes(databasePath, index));
}

export function startReplicationMonitor(options: {
  log: ReturnType<typeof logger>;
  env?: Pick<Env, "BUCKET_NAME" | "DATABASE_PATH" | "LITESTREAM_ADDR" | "REPLICATION_LAG_ALERT_SECONDS">;
  intervalMs?: number;
}): Monitor {
  const env = options.env ?? getEnv();
  // Every 5 s, or four times per alert threshold when that is shorter (tests use a few seconds).
  const intervalMs =
    options.intervalMs ?? Math.max(250, Math.min(5_000, (env.REPLICATION_LAG_ALERT_SECONDS * 1000) / 4));
  const url = `http://${env.LITESTREAM_ADDR}/metrics`;
  const clock = new LagClock();
  const startedAt = Date.now();
  let lastReadingAt: number | null = null;
  let status: ReplicationStatus = { state: "unknown", lagSeconds: 0, checkedAt: null };
  let alerting = false;

  const check = async () => {
    const now = Date.now();
    try {
      const { text } = await safeFetchText(url, { trusted: true, timeoutMs: 2_000, maxBytes: 256 * 1024 });
      const positions = litestreamPositions(text, env.DATABASE_PATH);
      if (!positions) throw new Error("Litestream has not read the database yet");
      lastReadingAt = now;
      const lagSeconds = clock.read(positions, now);
      status = {
        state: lagSeconds > env.REPLICATION_LAG_ALERT_SECONDS ? "behind" : "ok",
        lagSeconds,
        checkedAt: now,
      };
    } catch (error) {
      // Without a reading nothing says the replica keeps up: the lag counts from the last reading.
      const since = lastReadingAt ?? startedAt;
      status = {
        state: "unknown",
        lagSeconds: (now - since) / 1000,
        problem: `Litestream not answering at ${url}: ${error instanceof Error ? error.message : String(error)}`,
        checkedAt: now,
      };
    }
    const bad = status.state !== "ok" && status.lagSeconds > env.REPLICATION_LAG_ALERT_SECONDS;
    if (bad && !alerting) options.log.warn({ replication: status }, describeReplication(status));
    if (!bad && alerting) options.log.info({ replication: status }, "replication: caught up again");
    alerting = bad;
  };

  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void check().finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  void check();
  const monitor: Monitor = {
    status: () => status,
    stop: () => {
      clearInterval(timer);
      if (holder.__laughReplication === monitor) holder.__laughReplication = undefined;
    },
  };
  holder.__laughReplication = monitor;
  return monitor;
}

/** What /healthcheck adds after "OK": nothing while replication is off, else its line. */
export function healthDetail(): string {
  const status = replicationStatus();
  return status.state === "off" ? "" : `\n${describeReplication(status)}`;
}
