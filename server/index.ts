/**
 * The production (and development) HTTP server, for what the stock remix-serve cannot do:
 * per-request CSP nonces, request logs with ids, bounded request bodies, trusted-proxy client
 * IPs, a page cache, and a graceful shutdown.
 *
 * A request goes: node:http → the pipeline (server/pipeline.ts: headers, target, body bounds)
 * → the fast paths (app/fast: /vote, vote posts; none with FAST_PATHS=off) or Express
 * (compression, static files, the page cache unless FAST_PATHS=off, Remix).
 */
import fs from "node:fs";
import http, { type ServerResponse } from "node:http";
import path from "node:path";
import url from "node:url";
import {
  broadcastDevReady,
  createRequestHandler as createRemixHandler,
  installGlobals,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createFastPaths } from "~/fast/front.server";
import type { BuildFastPaths } from "~/fast/vote-requests.server";
import type { MailListPaths } from "~/features/mail-lists/unsubscribe.server";
import { todayIn } from "~/lib/dates";
import { deleteExpiredSignups } from "~/models/mail-lists.server";
import { deleteExpiredWaitlist, sendPendingNotices } from "~/models/waitlist.server";
import { flushErrorReports, startErrorReports } from "~/services/error-reports.server";
import { bucketClient, startPosterUploader } from "~/services/offsite.server";
import { startOutboxSender } from "~/services/outbox-sender.server";
import { replicationConfigured, startReplicationMonitor } from "~/services/replication.server";
import { startSyncSchedule } from "~/services/sync-schedule.server";
import { closeDatabase, db } from "~/utils/db.server";
import { EnvError } from "~/utils/env.server";
import { imagesDir } from "~/utils/image-pipeline.server";
import { logger } from "~/utils/logger.server";
import { configuredOrigin } from "~/utils/origin.server";
import { PAGE_CACHE_HEADER } from "~/utils/page-cache.server";
import { securityHeaders } from "~/utils/security-headers.server";
import { isLiteFsReplica, prepareApp, startupBanner } from "~/utils/startup.server";
import { startWalCheckpointer } from "~/utils/wal-checkpointer.server";
import { sendFetchResponse, toFetchRequest } from "./fetch-adapter";
import { createFront, type AppLocals } from "./front";
import { metricsRoute, registerOperationalMetrics, startMetricsListener } from "./metrics";
import { SERVER_PATHS } from "./own-paths";
import { createPipeline, requestOrigin, type RequestState } from "./pipeline";

installGlobals({ nativeFetch: true });

async function main() {
  let env;
  try {
    env = await prepareApp();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = logger();
  const production = env.NODE_ENV === "production";
  const buildPath = path.resolve("build/index.js");
  const loadBuild = async (): Promise<ServerBuild> => {
    const stamp = production ? "" : `?t=${fs.statSync(buildPath).mtimeMs}`;
    return import(url.pathToFileURL(buildPath).href + stamp);
  };
  let build = await loadBuild();
  // Issue 38: error reports (Sentry) when SENTRY_DSN is set; the release is the build's version.
  startErrorReports(env, build.assets.version);

  // Set by the SIGTERM handler: from then on every answer closes its keep-alive connection,
  // so busy clients cannot keep the server open past its shutdown.
  let stopping = false;
  // Every request's first steps and body bounds (server/pipeline.ts), before anything answers.
  const pipeline = createPipeline({
    trustProxy: env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL,
    log,
    securityHeaders: securityHeaders(production, env.SENTRY_DSN ? [new URL(env.SENTRY_DSN).origin] : []),
    stopping: () => stopping,
  });

  // Express, after the pipeline: compression, static files, the page cache and Remix.
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);
  app.use(compression());

  // Fingerprinted assets never change: sent precompressed (brotli 11 / gzip 9, made at build
  // time) and cached for a year. Everything else in public/ is cached briefly.
  app.use(
    SERVER_PATHS.build,
    expressStaticGzip("public/build", {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // A miss under /build is a plain 404, never a page: its answer has an asset's headers (no CSP).
  app.use(SERVER_PATHS.build, (_req, res) => res.status(404).type("text/plain").send("Not found"));
  // Only the paths that exist in public/ touch the disk (a catch-all static handler would stat
  // the file system for every page request).
  app.use(SERVER_PATHS.images, express.static("public/images", { maxAge: "1h" }));
  app.get(SERVER_PATHS.favicon, (_req, res) =>
    res.sendFile(path.resolve("public/favicon.svg"), { maxAge: "1h" }),
  );

  // Issue 38: /metrics for whoever holds METRICS_TOKEN (404 without one configured).
  registerOperationalMetrics(env);
  const metrics = metricsRoute(env.METRICS_TOKEN);
  app.all(SERVER_PATHS.metrics, (req, res, next) => void metrics(req, res).catch(next));

  // Built once: the per-request values reach loaders through the load context.
  const handle = createRemixHandler(
    production ? build : () => loadBuild(),
    production ? "production" : "development",
  );
  const remix = (request: Request, context: Partial<AppLoadContext>) =>
    handle(request, context as AppLoadContext);
  // The speed machinery (app/fast): the kept vote page, vote posts without Express and Remix's
  // routing, the page cache. FAST_PATHS=off: every request goes through Express and the routes.
  // The vote paths run in the build's module instances (its database connection, rate-limit
  // buckets and live-results emitter), from its entry module.
  const fast = env.FAST_PATHS
    ? createFastPaths({
        remix,
        build: () => (build.entry.module as unknown as { fastPaths?: BuildFastPaths }).fastPaths,
        clientIp: (req) => pipeline.clientIp(req),
        origin: (req) => requestOrigin(req, env.TRUST_PROXY),
        next: (req, res, locals) => {
          (res as ServerResponse & { locals: unknown }).locals = locals;
          app(req, res);
        },
      })
    : null;

  app.all("*", async (req, res, next) => {
    try {
      const locals = res.locals as RequestState & AppLocals;
      const context: AppLoadContext = {
        cspNonce: locals.cspNonce,
        requestId: locals.requestId,
        clientIp: pipeline.clientIp(req),
        voteOutcome: locals.voteOutcome,
      };
      // Anonymous GETs may be answered from the page cache (routes opt in per response).
      const cached = fast?.pageCache.lookup(req, res);
      if (cached?.sent) return;
      // HEAD is answered like GET without a body: Remix renders the GET (so a HEAD can fill
      // the page cache with the real page, never with an empty body), the body is dropped.
      const response = await handle(toFetchRequest(req, res, locals.body), context);
      if (cached && (await cached.keep(response, context.cspNonce))) return;
      response.headers.delete(PAGE_CACHE_HEADER);
      if (mustNotStore(req, response)) response.headers.set("Cache-Control", "private, no-store");
      if (req.method === "HEAD") {
        // The length GET would send (a HEAD is rare: /healthcheck probes, link checkers).
        const length = (await response.arrayBuffer()).byteLength;
        res.status(response.status);
        for (const [name, value] of response.headers.entries()) res.append(name, value);
        if (!response.headers.has("content-length")) res.setHeader("Content-Length", length);
        res.end();
        return;
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    log.error({ err: error, reqId: res.locals.requestId }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Application Error!");
  });

  // The node:http listener: the pipeline, the fast paths, then Express (server/front.ts).
  const front = createFront({
    pipeline,
    log,
    trustProxy: env.TRUST_PROXY,
    fast,
    mailListPaths: () => (build.entry.module as unknown as { mailListPaths?: MailListPaths }).mailListPaths,
    render: (url, context) => remix(new Request(url, { headers: { accept: "text/html" } }), context),
    next: (req, res, locals) => {
      (res as ServerResponse & { locals: unknown }).locals = locals;
      app(req, res);
    },
  });

  const server = http.createServer(serverLimits(env.TRUST_PROXY), (req, res) => void front(req, res));
  server.maxConnections = MAX_CONNECTIONS;
  server.listen(env.PORT, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    console.log(startupBanner(port));
    if (!production) void broadcastDevReady(build);
  });
  // Issue 38: the metrics port for Fly's scraper, and the watch on the off-site replica.
  const metricsListener = env.METRICS_PORT
    ? startMetricsListener(env.METRICS_PORT, (err) => log.error({ err }, "metrics port failed"))
    : null;
  const replication = replicationConfigured(env) ? startReplicationMonitor({ log }) : null;
  const bucket = bucketClient(env);
  const posterUploader = bucket
    ? startPosterUploader({ bucket, dir: imagesDir(env.DATABASE_PATH), log })
    : null;
  // The ticketing sync on a schedule (issue 14); the primary only, when LiteFS replicates.
  const stopSyncSchedule = isLiteFsReplica(env.DATABASE_PATH) ? () => {} : startSyncSchedule();
  // Issue 20: WAL checkpoints (copy back and fsync) in a worker thread, not inside a vote's commit.
  const checkpointer = isLiteFsReplica(env.DATABASE_PATH)
    ? null
    : startWalCheckpointer(db(), env.DATABASE_PATH, {
        onError: (message) => log.error({ err: message }, "WAL checkpoint worker failed"),
      });

  // Issue 18: the mail outbox sender (without SMTP_URL the messages wait, shown on /admin/mail)
  // and the daily clean-up of past shows' waitlists.
  const sender = env.SMTP_URL
    ? startOutboxSender({
        smtpUrl: env.SMTP_URL,
        from: env.CONTACT_EMAIL,
        retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
        leaseMs: env.OUTBOX_LEASE_MS,
      })
    : null;
  // Issue 39: unconfirmed sign-ups expire, and the "tickets are available" e-mails held back by
  // the one-a-day rule go out once their day is over.
  const clearWaitlists = () => {
    try {
      const today = todayIn(env.APP_TIMEZONE);
      deleteExpiredWaitlist(today);
      deleteExpiredSignups();
      sendPendingNotices({ origin: configuredOrigin(), today });
    } catch (error) {
      log.error({ err: error }, "clearing past waitlists failed");
    }
  };
  clearWaitlists();
  setInterval(clearWaitlists, 60 * 60 * 1000).unref();

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // The outbox sender starts nothing new; the message being sent gets up to 10 s to be
    // accepted and marked sent before the database closes (no resend after the restart).
    const senderStopped = sender ? sender.stop() : Promise.resolve(true);
    stopSyncSchedule();
    replication?.stop();
    posterUploader?.stop();
    metricsListener?.close();
    log.info({ signal }, "shutting down: finishing in-flight requests and the mail being sent");
    let forced = false;
    server.close(() => {
      void Promise.all([senderStopped, checkpointer?.stop(), flushErrorReports(1_000)]).then(() => {
        closeDatabase();
        log.info("stopped");
        process.exit(forced ? 1 : 0);
      });
    });
    // Keep-alive connections close once idle (a busy one after its next answer, see above).
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    // Requests still open after 10 s (a live results stream) are cut; the database still closes.
    setTimeout(() => {
      forced = true;
      log.warn("requests still open 10 s after the shutdown signal: closing them");
      server.closeAllConnections();
    }, 10_000).unref();
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  if (!production) {
    fs.watchFile(buildPath, { interval: 500 }, async () => {
      build = await loadBuild();
      await broadcastDevReady(build);
    });
  }
}

/**
 * The connection limits (issue 39). Node's defaults let a connection that never finishes its
 * headers live 60 s, a request 300 s, and checked those only every 30 s; a stranger's idle
 * sockets stayed open past 70 s.
 * - headers within 15 s and the whole request (body included) within 30 s, checked every
 *   second (form bodies have their own 15 s, FORM_BODY_DEADLINE_MS; a 15 MB poster upload needs
 *   about 4 Mbit/s to arrive in time);
 * - an idle kept-alive connection is closed after 5 s, or 65 s behind the proxy (TRUST_PROXY):
 *   Fly's proxy keeps its pooled connections to the app up to 60 s, and one the app closed
 *   first could be reused by the proxy as it closes (an error for that visitor).
 */
function serverLimits(behindProxy: boolean): http.ServerOptions {
  return {
    headersTimeout: 15_000,
    requestTimeout: 30_000,
    connectionsCheckingInterval: 1_000,
    keepAliveTimeout: behindProxy ? 65_000 : 5_000,
  };
}

/**
 * Connections open at once, at most (defence in depth: each holds memory and a file
 * descriptor; beyond it new connections are closed at once, and the open ones carry on).
 * Behind Fly's proxy the app sees the proxy's pooled connections (its edge allows 2,048 per
 * app); served directly, a 1,000-phone room opens one or two each.
 */
const MAX_CONNECTIONS = 4_096;

/** Pages for staff, gate holders or one visitor (a session, a cookie being set) are never stored by caches. */
const PRIVATE_PATHS = /^\/(admin|booking|results|debug|manage-comedians|test-delete|vote)(\/|$|\?)/;
function mustNotStore(req: express.Request, response: Response) {
  if (/no-store/.test(response.headers.get("Cache-Control") ?? "")) return false;
  return (
    PRIVATE_PATHS.test(req.path) ||
    response.headers.has("set-cookie") ||
    /(^|;\s*)__session=/.test(req.get("cookie") ?? "") ||
    response.status === 429
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
