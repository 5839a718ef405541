/**
 * The production (and development) HTTP server: Express in front of Remix, for what the
 * stock remix-serve cannot do: per-request CSP nonces, compression, request logs with ids,
 * a body size limit, trusted-proxy client IPs, and a graceful shutdown.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
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
import { todayIn } from "~/lib/dates";
import { isToken } from "~/lib/ids";
import { hostProblem, requestTargetProblem } from "~/lib/request-target";
import { deleteExpiredWaitlist } from "~/models/waitlist.server";
import { startOutboxSender } from "~/services/outbox-sender.server";
import { startSyncSchedule } from "~/services/sync-schedule.server";
import { closeDatabase, db } from "~/utils/db.server";
import { EnvError } from "~/utils/env.server";
import {
  FORM_BODY_DEADLINE_MS,
  multipartAllowance,
  SERVER_FORM_LIMITS,
  UrlencodedCounter,
} from "~/utils/form-pipeline.server";
import { databaseAnswers } from "~/utils/healthcheck.server";
import { logger } from "~/utils/logger.server";
import { PAGE_CACHE_HEADER, PageCache, pickEncoding, type CachedPage } from "~/utils/page-cache.server";
import { isFormContentType, isSameSiteWrite } from "~/utils/request-guards.server";
import { securityHeaders } from "~/utils/security-headers.server";
import { isLiteFsReplica, prepareApp, startupBanner } from "~/utils/startup.server";
import { startWalCheckpointer } from "~/utils/wal-checkpointer.server";
import { sendFetchResponse, toFetchRequest } from "./fetch-adapter";
import { VotePageCache, type FastPaths } from "./vote-page";

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
        {
          reqId: id,
          method: req.method,
          path: req.originalUrl,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        "request",
      );
    });
    next();
  });
  app.use(securityHeaders(production));

  // Malformed requests (bad percent-encoding, absolute-form or "*" targets, control characters,
  // a forged Host) are answered 400 here: Express and Remix would answer some of them 500.
  app.use((req, res, next) => {
    const problem = requestTargetProblem(req.url) ?? hostProblem(req.headers.host);
    if (problem) {
      res.locals.refused = problem;
      res.status(400).setHeader("Connection", "close");
      res.type("text/plain").send("Bad request.");
      return;
    }
    next();
  });
  // Issue 20: liveness without Remix's routing (matching every route per request was most of
  // its time): the process answers and the database can be read.
  app.get("/healthcheck", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      databaseAnswers();
      res.type("text/plain").send("OK");
    } catch (error) {
      log.error({ err: error }, "healthcheck failed");
      res.status(503).type("text/plain").send("ERROR");
    }
  });
  // The vote page and vote posts send their own bodies (a precompressed page, a redirect, a
  // few bytes of JSON): compression is only wrapped round them when they fall back to Remix.
  const compress = compression();
  // As Express matches the routes below: any case, an optional trailing slash.
  const ownsEncoding = (req: express.Request) => /^\/vote(\/submit)?\/?$/i.test(req.path);
  app.use((req, res, next) => (ownsEncoding(req) ? next() : compress(req, res, next)));

  app.use((req, res, next) => {
    const length = Number(req.get("content-length") ?? 0);
    const upload = /^multipart\/form-data\s*;/i.test(req.get("content-type") ?? "")
      ? multipartAllowance(req.path)
      : null;
    if (length > (upload?.maxBytes ?? MAX_BODY_BYTES)) {
      res.status(413).type("text/plain").send("That request is too large.");
      return;
    }
    next();
  });

  // Cross-site writes are refused here, before Remix (whose own check would answer 500).
  // Except the RFC 8058 one-click unsubscribe (a secret token in the path, posted by mail
  // providers from their servers, form-encoded or multipart); its action reads no body.
  const UNSUBSCRIBE = "/waitlist/unsubscribe/";
  const oneClickUnsubscribe = (req: express.Request) =>
    req.path.startsWith(UNSUBSCRIBE) && isToken(req.path.slice(UNSUBSCRIBE.length));
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || oneClickUnsubscribe(req))
      return next();
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

  // Writes are web forms with a declared length: a streamed body could pass the size check
  // (411), and any other content type would make the action's formData() throw (415). The
  // one exception: routes registered for multipart uploads, each with its own size bound.
  // A urlencoded body is read here, counted as it arrives (size, number of fields, length of
  // one field: SERVER_FORM_LIMITS) and refused the moment it breaks a bound, before any
  // parser runs; Remix then gets the buffered body. See app/utils/form-pipeline.server.ts.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || oneClickUnsubscribe(req))
      return next();
    if (req.get("transfer-encoding") && !req.get("content-length")) {
      res.status(411).type("text/plain").send("Please send the form again from the page.");
      return;
    }
    const multipart = /^multipart\/form-data\s*;/i.test(req.get("content-type") ?? "")
      ? multipartAllowance(req.path)
      : null;
    if (multipart) {
      if (Number(req.get("content-length") ?? 0) > multipart.maxBytes) {
        res.status(413).setHeader("Connection", "close");
        res.type("text/plain").send("That file is too large.");
        return;
      }
      return next();
    }
    if (!isFormContentType(req.get("content-type"))) {
      res.status(415).type("text/plain").send("Please send this form from the page on this site.");
      return;
    }
    if (Number(req.get("content-length") ?? 0) > SERVER_FORM_LIMITS.maxBytes) {
      answerAfterDiscardingBody(req, () =>
        res.status(413).type("text/plain").send("That request is too large."),
      );
      return;
    }
    const counter = new UrlencodedCounter(SERVER_FORM_LIMITS);
    const chunks: Buffer[] = [];
    let done = false;
    const refuse = (status: number, text: string) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      req.removeListener("data", onData);
      answerAfterDiscardingBody(req, () => res.status(status).type("text/plain").send(text));
    };
    const onData = (chunk: Buffer) => {
      const broken = counter.push(chunk);
      if (broken) return refuse(broken.status, broken.message);
      chunks.push(chunk);
    };
    const deadline = setTimeout(
      () => refuse(408, "The form took too long to arrive. Please send it again."),
      FORM_BODY_DEADLINE_MS,
    );
    req.on("data", onData);
    req.on("end", () => {
      if (done) return;
      const broken = counter.end();
      if (broken) return refuse(broken.status, broken.message);
      done = true;
      clearTimeout(deadline);
      res.locals.body = Buffer.concat(chunks);
      next();
    });
    req.on("error", () => {
      done = true;
      clearTimeout(deadline);
    });
  });

  // Fingerprinted assets never change: sent precompressed (brotli 11 / gzip 9, made at build
  // time) and cached for a year. Everything else in public/ is cached briefly.
  app.use(
    "/build",
    expressStaticGzip("public/build", {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // Only the paths that exist in public/ touch the disk (a catch-all static handler would stat
  // the file system for every page request).
  app.use("/images", express.static("public/images", { maxAge: "1h" }));
  app.get("/favicon.svg", (_req, res) => res.sendFile(path.resolve("public/favicon.svg"), { maxAge: "1h" }));

  // Built once: the per-request values reach loaders through the load context.
  const handle = createRemixHandler(
    production ? build : () => loadBuild(),
    production ? "production" : "development",
  );
  const pageCache = new PageCache();
  // Writes through this connection bump total_changes(); commits by any other connection
  // (a CLI sync, a restore, a test) bump data_version. Together: "has anything changed?".
  const versionQuery = db()
    .$client.prepare("select total_changes() || '-' || (select data_version from pragma_data_version)")
    .pluck();
  const dataVersion = () => versionQuery.get() as string;

  // Issue 20: the vote page and vote posts, answered from the build's entry module (its
  // database connection, rate-limit buckets and live-results emitter) without Remix's routing.
  const fastPaths = () => (build.entry.module as unknown as { fastPaths?: FastPaths }).fastPaths;
  const votePages = new VotePageCache();
  app.get("/vote", async (req, res, next) => {
    try {
      const paths = fastPaths();
      const fallback = () => compress(req, res, next);
      if (!paths) return fallback();
      const search = req.originalUrl.slice(req.path.length);
      const visitor = paths.votePageVisitor(search, req.get("cookie") ?? null);
      if (!visitor) return fallback();
      const origin = `${req.protocol}://${req.get("host")}`;
      const page = await votePages.page({
        origin,
        visitor,
        version: dataVersion,
        fingerprint: paths.votePageFingerprint,
        render: (url, context) =>
          handle(new Request(url, { headers: { accept: "text/html" } }), {
            ...context,
            clientIp: clientIp(req, env.TRUST_PROXY),
            requestId: res.locals.requestId as string,
          }),
      });
      if (!page) return fallback();
      for (const [name, value] of page.headers) res.setHeader(name, value);
      // As mustNotStore below: a page with a vote token and a device cookie is never stored.
      if (!/no-store/.test(String(res.getHeader("Cache-Control") ?? "")))
        res.setHeader("Cache-Control", "private, no-store");
      if (visitor.setCookie) res.setHeader("Set-Cookie", visitor.setCookie);
      const values = { ...visitor.values, nonce: res.locals.cspNonce as string };
      const gzip = pickEncoding(req.get("accept-encoding"), ["gzip", "identity"]) === "gzip";
      const body = gzip ? votePages.gzip(page, values) : votePages.identity(page, values);
      if (gzip) res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Content-Length", body.length);
      res.setHeader("X-Cache", "TEMPLATE");
      res.status(200).end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      next(error);
    }
  });
  app.post(["/vote", "/vote/submit"], async (req, res, next) => {
    try {
      const paths = fastPaths();
      const body = res.locals.body as Buffer | undefined;
      const fallback = () => compress(req, res, next);
      // Remix data requests (?_data=) and multipart go the normal way.
      if (!paths || !body || /[?&]_data=/.test(req.originalUrl)) return fallback();
      const reply = await paths.votePost({
        path: req.path.toLowerCase().replace(/\/$/, ""),
        body,
        cookie: req.get("cookie") ?? null,
        clientIp: clientIp(req, env.TRUST_PROXY),
      });
      if ("render" in reply) {
        res.locals.voteOutcome = reply.render;
        return fallback();
      }
      res.status(reply.status);
      for (const [name, value] of reply.headers) res.append(name, value);
      // res.end, not res.send: no ETag hashed for an answer that is never cached.
      const answer = Buffer.from(reply.body, "utf8");
      res.setHeader("Content-Length", answer.length);
      res.end(answer);
    } catch (error) {
      next(error);
    }
  });

  app.all("*", async (req, res, next) => {
    try {
      const context = {
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        clientIp: clientIp(req, env.TRUST_PROXY),
        voteOutcome: res.locals.voteOutcome as AppLoadContext["voteOutcome"],
      };
      // Anonymous GETs may be answered from the page cache (routes opt in per response).
      const cacheable =
        (req.method === "GET" || req.method === "HEAD") &&
        !/(^|;\s*)__session=/.test(req.get("cookie") ?? "");
      // Host is part of the key: pages carry absolute links built from it (no cache poisoning).
      const key = `${req.protocol}://${req.get("host")}${req.originalUrl}`;
      // Only a cacheable request needs the version (a query per request otherwise).
      const version = cacheable ? dataVersion() : "";
      if (cacheable) {
        const hit = pageCache.get(key, version);
        if (hit) return sendCachedPage(req, res, hit, "HIT");
      }
      // HEAD is answered like GET without a body: Remix renders the GET (so a HEAD can fill
      // the page cache with the real page, never with an empty body), the body is dropped.
      const response = await handle(toFetchRequest(req, res, res.locals.body as Buffer | undefined), context);
      const optedIn = response.headers.get(PAGE_CACHE_HEADER) === "public";
      response.headers.delete(PAGE_CACHE_HEADER);
      if (cacheable && optedIn && response.status === 200 && !response.headers.has("set-cookie")) {
        const identity = Buffer.from(await response.arrayBuffer());
        const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
        const entry = pageCache.set(key, {
          version,
          status: 200,
          headers,
          nonce: context.cspNonce,
          identity,
        });
        return sendCachedPage(req, res, entry, "MISS");
      }
      if (mustNotStore(req, response)) response.headers.set("Cache-Control", "private, no-store");
      if (req.method === "HEAD") {
        await response.body?.cancel().catch(() => {});
        res.status(response.status);
        for (const [name, value] of response.headers.entries()) res.append(name, value);
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

  const server = app.listen(env.PORT, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    console.log(startupBanner(port));
    if (!production) void broadcastDevReady(build);
  });
  server.keepAliveTimeout = 65_000;
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
  const clearWaitlists = () => {
    try {
      deleteExpiredWaitlist(todayIn(env.APP_TIMEZONE));
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
    log.info({ signal }, "shutting down: finishing in-flight requests and the mail being sent");
    let forced = false;
    server.close(() => {
      void Promise.all([senderStopped, checkpointer?.stop()]).then(() => {
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

/** Sends a cached page in the encoding the client accepts, with the nonce it was rendered with. */
function sendCachedPage(
  req: express.Request,
  res: express.Response,
  page: CachedPage,
  state: "HIT" | "MISS",
) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") {
    res.setHeader(
      "Content-Security-Policy",
      csp.replace(`'nonce-${res.locals.cspNonce}'`, `'nonce-${page.nonce}'`),
    );
  }
  const encoding = pickEncoding(req.get("accept-encoding"));
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : zlib.gunzipSync(page.gzip);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("Content-Length", body.length);
  res.setHeader("X-Cache", state);
  res.status(page.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * After a refusal, the rest of the body (at most MAX_BODY_BYTES, declared) is read and thrown
 * away, unparsed, and the answer sent once it has all arrived ("lingering close"): answering
 * and closing while the client is still sending resets the connection and loses the answer.
 * A client still sending after 5 s gets the answer and is cut off.
 */
function answerAfterDiscardingBody(req: express.Request, send: () => void) {
  let sent = false;
  const once = () => {
    if (sent) return;
    sent = true;
    clearTimeout(timer);
    send();
  };
  const timer = setTimeout(() => {
    once();
    setTimeout(() => req.socket.destroy(), 100).unref();
  }, 5_000);
  timer.unref();
  if (req.complete) return once();
  req.on("data", () => {});
  req.once("end", once);
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

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
