/**
 * /metrics (issue 38): Prometheus's text format, never public.
 *
 * - On the site's port, `/metrics` answers only a request carrying `Authorization: Bearer
 *   METRICS_TOKEN` (401 otherwise); without a configured token it does not exist (404).
 * - On METRICS_PORT (fly.toml's [metrics] section), a listener of its own answers `/metrics`
 *   without the token: Fly's scraper cannot send one, and Fly's proxy never routes the public
 *   to a port that no [http_service] names, so only the organisation's private network reaches it.
 */
import crypto from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { operationalFigures } from "~/models/operations.server";
import { postersNotOffsite } from "~/services/offsite.server";
import { replicationConfigured, replicationStatus } from "~/services/replication.server";
import type { Env } from "~/utils/env.server";
import { imagesDir } from "~/utils/image-pipeline.server";
import { gaugeAtScrape, renderMetrics } from "~/utils/metrics.server";

/** The figures read at scrape time, once per scrape (one set of queries for all gauges). */
export function registerOperationalMetrics(env: Pick<Env, "BUCKET_NAME" | "DATABASE_PATH">) {
  let cached: { at: number; figures: ReturnType<typeof operationalFigures> } | null = null;
  const figures = () => {
    const now = Date.now();
    if (!cached || now - cached.at > 1_000) cached = { at: now, figures: operationalFigures(undefined, now) };
    return cached.figures;
  };
  gaugeAtScrape("laugh_votes_stored", "Votes stored, all rounds.", () => figures().votesStored);
  gaugeAtScrape("laugh_outbox_depth", "E-mails waiting in the outbox.", () => figures().outboxDepth);
  gaugeAtScrape(
    "laugh_outbox_oldest_seconds",
    "Seconds the oldest e-mail waiting in the outbox has waited (0 when none waits).",
    () => figures().outboxOldestSeconds,
  );
  gaugeAtScrape(
    "laugh_sync_last_success_age_seconds",
    "Seconds since the last ticketing sync that succeeded (absent until one has).",
    () => figures().sinceLastSyncSeconds,
  );
  const configured = replicationConfigured(env);
  gaugeAtScrape(
    "laugh_replication_configured",
    "1 when a bucket is configured for off-site replication.",
    () => (configured ? 1 : 0),
  );
  gaugeAtScrape(
    "laugh_replication_lag_seconds",
    "Seconds the oldest database write not yet in the off-site replica has waited (absent when replication is off).",
    () => {
      const status = replicationStatus();
      return status.state === "off" ? null : status.lagSeconds;
    },
  );
  gaugeAtScrape(
    "laugh_posters_not_offsite",
    "Poster masters on the volume not yet copied to the bucket (absent when replication is off).",
    () => (configured ? postersNotOffsite(imagesDir(env.DATABASE_PATH)).length : null),
  );
  gaugeAtScrape("laugh_replication_up", "1 while Litestream answers with its figures.", () => {
    const status = replicationStatus();
    return status.state === "off" ? null : status.state === "unknown" ? 0 : 1;
  });
}

function sameToken(given: string, expected: string) {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

async function send(res: ServerResponse, head: boolean) {
  const { body, contentType } = await renderMetrics();
  res.statusCode = 200;
  res.setHeader("Content-Type", contentType);
  res.setHeader("Cache-Control", "no-store");
  res.end(head ? undefined : body);
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  res.end(text);
}

/** /metrics on the site's port: the bearer token, or 401; no token configured, 404. */
export function metricsRoute(token: string | undefined) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (!token) return plain(res, 404, "Not found");
    const auth = req.headers.authorization ?? "";
    const given = /^Bearer (.+)$/i.exec(auth)?.[1] ?? "";
    if (!given || !sameToken(given, token)) {
      return plain(res, 401, "A bearer token is needed.", { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    await send(res, req.method === "HEAD");
  };
}

/** The scraper's listener on METRICS_PORT: `/metrics` only. */
export function startMetricsListener(port: number, onError: (error: Error) => void) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if ((req.method === "GET" || req.method === "HEAD") && path === "/metrics") {
      send(res, req.method === "HEAD").catch(() => plain(res, 500, "metrics failed"));
    } else plain(res, 404, "Not found");
  });
  // A port already taken must not stop the site: the scrape fails and its alert says so.
  server.on("error", onError);
  server.listen(port);
  server.unref();
  return server;
}
