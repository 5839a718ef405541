/**
 * The production (and development) HTTP server: Express in front of Remix, for what the
 * stock remix-serve cannot do: per-request CSP nonces, compression, request logs with ids,
 * a body size limit, trusted-proxy client IPs, and a graceful shutdown.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { closeDatabase } from "~/utils/db.server";
import { EnvError, getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { securityHeaders } from "~/utils/security-headers.server";
import { prepareApp, startupBanner } from "~/utils/startup.server";
import { isSameSiteWrite } from "~/utils/request-guards.server";

installGlobals({ nativeFetch: true });

/** Request bodies larger than this are refused with 413 before Remix reads them. */
const MAX_BODY_BYTES = 1024 * 1024;

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

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);

  // Set by the SIGTERM handler: from then on every answer closes its keep-alive connection,
  // so busy clients cannot keep the server open past its shutdown.
  let stopping = false;
  app.use((_req, res, next) => {
    if (stopping) res.setHeader("Connection", "close");
    next();
  });

  app.use((req, res, next) => {
    const id = (env.TRUST_PROXY && req.get("fly-request-id")) || crypto.randomUUID();
    res.locals.requestId = id;
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      log.info(
        { reqId: id, method: req.method, path: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  });
  app.use(securityHeaders(production));
  app.use(compression());

  app.use((req, res, next) => {
    const length = Number(req.get("content-length") ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.status(413).type("text/plain").send("That request is too large.");
      return;
    }
    next();
  });

  // Cross-site writes are refused here, before Remix (whose own check would answer 500).
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const ok = isSameSiteWrite({
      origin: req.get("origin"),
      referer: req.get("referer"),
      host: req.get("host"),
      publicUrl: env.PUBLIC_URL,
    });
    if (!ok) {
      res.status(403).type("text/plain").send("This form must be sent from this site.");
      return;
    }
    next();
  });

  // Fingerprinted assets never change; everything else in public/ is cached briefly.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));

  // Built once: the per-request values reach loaders through getLoadContext.
  app.all(
    "*",
    createRequestHandler({
      build: production ? build : () => loadBuild(),
      mode: production ? "production" : "development",
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        clientIp: clientIp(req, env.TRUST_PROXY),
      }),
    }),
  );

  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    log.error({ err: error, reqId: res.locals.requestId }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Application Error!");
  });

  const server = app.listen(env.PORT, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    console.log(startupBanner(port));
    if (!production) void broadcastDevReady(build);
  });
  server.keepAliveTimeout = 65_000;

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    let forced = false;
    server.close(() => {
      closeDatabase();
      log.info("stopped");
      process.exit(forced ? 1 : 0);
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

function clientIp(req: express.Request, trustProxy: boolean) {
  if (trustProxy) {
    const fly = req.get("fly-client-ip");
    if (fly) return fly;
    return req.ip ?? "unknown";
  }
  return req.socket.remoteAddress ?? "unknown";
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
