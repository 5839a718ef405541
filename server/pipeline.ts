/**
 * The one request pipeline, as plain node:http functions: every request goes through it
 * before anything answers it, whether the fast paths in server/front.ts or Express and Remix.
 *
 *   begin:  shutdown → request id and CSP nonce → request log → security headers →
 *           malformed target or Host (400) → a method the site does not answer (405)
 *   bounds: declared size (413) → cross-site write, or one Remix's own origin check would
 *           refuse (403) → streamed body (411) →
 *           content type (415) → the urlencoded body read and counted as it arrives
 *           (SERVER_FORM_LIMITS: 413 / 400, 408 after FORM_BODY_DEADLINE_MS)
 *           The ticketing platform's webhook (issue 41) is a machine's post, not a form: no
 *           Origin of ours, JSON, at most WEBHOOK_MAX_BYTES, read by the same bounded reader.
 *
 * Issue 20: these were Express middleware; as plain functions the hottest paths (/healthcheck,
 * /vote, vote posts) take the same steps without Express's per-request layers.
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyaddr from "proxy-addr";
import { isToken } from "~/lib/ids";
import { hostProblem, requestTargetProblem } from "~/lib/request-target";
import { isWebhookPath, redactWebhookSecret, WEBHOOK_MAX_BYTES } from "~/lib/ticketing-webhook";
import {
  FORM_BODY_DEADLINE_MS,
  multipartAllowance,
  SERVER_FORM_LIMITS,
  UrlencodedCounter,
} from "~/utils/form-pipeline.server";
import type { logger, RequestLine } from "~/utils/logger.server";
import { observeRequest } from "~/utils/metrics.server";
import { newRandomToken } from "~/utils/random.server";
import { isFormContentType, isSameSiteWrite, passesRemixOriginCheck } from "~/utils/request-guards.server";
import { isAssetPath, type SecurityHeaders } from "~/utils/security-headers.server";

/** Request bodies larger than this are refused with 413 before anything reads them. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What the pipeline learnt about a request; Express reads it as `res.locals`. */
export type RequestState = {
  requestId: string;
  cspNonce: string;
  /** The path without the query, as sent. */
  path: string;
  /** The urlencoded form body, read and bounded (writes only). */
  body?: Buffer;
};

export type PipelineOptions = {
  trustProxy: boolean;
  publicUrl: string | undefined;
  log: ReturnType<typeof logger>;
  securityHeaders: SecurityHeaders;
  /** True once the server is shutting down: every answer then closes its connection. */
  stopping: () => boolean;
};

const READS = new Set(["GET", "HEAD"]);
/**
 * The methods the site answers. Issue 39: TRACE (and TRACK, CONNECT) made the Fetch API's
 * Request throw (a 500), OPTIONS and PUT/PATCH/DELETE reached Remix, which logged each refusal
 * at error level; no page or form of the site uses any of them.
 */
const METHODS = new Set(["GET", "HEAD", "POST"]);
const MULTIPART = /^multipart\/form-data\s*;/i;

export function createPipeline(options: PipelineOptions) {
  /** The first steps of every request; null when the request was answered (refused). */
  function begin(req: IncomingMessage, res: ServerResponse): RequestState | null {
    if (options.stopping()) res.setHeader("Connection", "close");
    const target = req.url ?? "";
    const flyId = options.trustProxy ? header(req, "fly-request-id") : undefined;
    const path = pathOf(target);
    const asset = isAssetPath(path);
    const state: RequestState = {
      requestId: flyId || crypto.randomUUID(),
      // An asset is never a page: no inline script, no nonce.
      cspNonce: asset ? "" : newRandomToken(16, "base64"),
      path,
    };
    const start = performance.now();
    res.on("finish", () => {
      const ms = performance.now() - start;
      const line: RequestLine = {
        reqId: state.requestId,
        method: req.method,
        // The webhook's endpoint secret is in its path: never in a log line.
        path: redactWebhookSecret(target),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      options.log.info(line, "request");
      // Issue 38: the request metrics (route group, status, latency) from the same moment.
      observeRequest(path, res.statusCode, ms / 1000);
    });
    if (asset) options.securityHeaders.asset(res);
    else options.securityHeaders.page(res, state.cspNonce);
    // Malformed requests (bad percent-encoding, absolute-form or "*" targets, control
    // characters, a forged Host) are answered 400 here: Express and Remix would answer some 500.
    if (requestTargetProblem(target) ?? hostProblem(req.headers.host)) {
      res.setHeader("Connection", "close");
      sendText(req, res, 400, "Bad request.");
      return null;
    }
    if (!METHODS.has(req.method ?? "")) {
      res.setHeader("Allow", "GET, HEAD, POST");
      res.setHeader("Connection", "close");
      sendText(req, res, 405, "This method is not used on this site.");
      return null;
    }
    return state;
  }

  /**
   * The body rules of every request. Resolves true when the request may go on (a form body
   * is then in `state.body`), false when it was answered.
   *
   * Writes are web forms with a declared length: a streamed body could pass the size check
   * (411), and any other content type would make an action's formData() throw (415). The one
   * exception: routes registered for multipart uploads, each with its own size bound, whose
   * stream is left for the route's bounded parser.
   */
  function bounds(
    req: IncomingMessage,
    res: ServerResponse,
    state: RequestState,
  ): Promise<boolean> | boolean {
    const contentType = header(req, "content-type") ?? "";
    const length = Number(header(req, "content-length") ?? 0);
    const upload = MULTIPART.test(contentType) ? multipartAllowance(state.path) : null;
    if (length > (upload?.maxBytes ?? MAX_BODY_BYTES)) {
      sendText(req, res, 413, "That request is too large.");
      return false;
    }
    if (READS.has(req.method ?? "") || oneClickUnsubscribe(state.path)) return true;
    // The platform's webhook posts from its servers (no Origin of ours), as JSON: bounded like a
    // form, refused 415 as anything else; its route checks the endpoint secret. An Origin it
    // does send must still pass Remix's own check (which would answer 500).
    if (isWebhookPath(state.path)) {
      const forwardedHost = header(req, "x-forwarded-host");
      if (
        !passesRemixOriginCheck({ origin: header(req, "origin"), forwardedHost, host: header(req, "host") })
      ) {
        sendText(req, res, 403, "Not from this site.");
        return false;
      }
      if (header(req, "transfer-encoding") && !header(req, "content-length")) {
        sendText(req, res, 411, "Send the webhook with a Content-Length.");
        return false;
      }
      if ((contentType.split(";")[0] ?? "").trim().toLowerCase() !== "application/json") {
        sendText(req, res, 415, "A webhook is JSON.");
        return false;
      }
      if (length > WEBHOOK_MAX_BYTES) {
        answerAfterDiscardingBody(req, () => sendText(req, res, 413, "That request is too large."));
        return false;
      }
      return readBody(req, res, state, WEBHOOK_MAX_BYTES);
    }
    // Cross-site writes are refused before Remix, and so is a write Remix's own origin check
    // would refuse (with a 500): an X-Forwarded-Host or a Host not written as the Origin is.
    const origin = header(req, "origin");
    const sameSite =
      isSameSiteWrite({
        origin,
        referer: header(req, "referer") ?? header(req, "referrer"),
        host: header(req, "host"),
        publicUrl: options.publicUrl,
      }) &&
      passesRemixOriginCheck({
        origin,
        forwardedHost: header(req, "x-forwarded-host"),
        host: header(req, "host"),
      });
    if (!sameSite) {
      sendText(req, res, 403, "This form must be sent from this site.");
      return false;
    }
    if (header(req, "transfer-encoding") && !header(req, "content-length")) {
      sendText(req, res, 411, "Please send the form again from the page.");
      return false;
    }
    if (upload) return true;
    if (!isFormContentType(contentType)) {
      sendText(req, res, 415, "Please send this form from the page on this site.");
      return false;
    }
    if (length > SERVER_FORM_LIMITS.maxBytes) {
      answerAfterDiscardingBody(req, () => sendText(req, res, 413, "That request is too large."));
      return false;
    }
    return readCountedForm(req, res, state);
  }

  return { begin, bounds, clientIp: (req: IncomingMessage) => clientIp(req, options.trustProxy) };
}

/**
 * RFC 8058 one-click unsubscribe (`/unsubscribe/{token}`, and the older
 * `/waitlist/unsubscribe/{token}` of mail already sent): posted by mail providers from their
 * servers, with no Origin of ours and a form or multipart body, with a secret token in the
 * path. It is answered by server/front.ts before Remix (whose origin check would refuse it),
 * reads no body, and is the same answer however often it is sent.
 */
const UNSUBSCRIBE_PATH = /^\/(?:waitlist\/)?unsubscribe\/([^/]+)\/?$/;
export function oneClickUnsubscribe(path: string): string | null {
  const token = UNSUBSCRIBE_PATH.exec(path)?.[1];
  return token && isToken(token) ? token : null;
}

/**
 * A urlencoded body read as it arrives, counted (size, number of fields, length of one field:
 * SERVER_FORM_LIMITS) and refused the moment it breaks a bound, before any parser runs.
 * See app/utils/form-pipeline.server.ts.
 */
function readCountedForm(req: IncomingMessage, res: ServerResponse, state: RequestState) {
  return new Promise<boolean>((resolve) => {
    const counter = new UrlencodedCounter(SERVER_FORM_LIMITS);
    const chunks: Buffer[] = [];
    let done = false;
    const refuse = (status: number, text: string) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      req.removeListener("data", onData);
      answerAfterDiscardingBody(req, () => sendText(req, res, status, text));
      resolve(false);
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
      state.body = Buffer.concat(chunks);
      resolve(true);
    });
    req.on("error", () => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      resolve(false);
    });
  });
}

/** A body read as it arrives, refused (413) the moment it passes `maxBytes` (408 after the deadline). */
function readBody(req: IncomingMessage, res: ServerResponse, state: RequestState, maxBytes: number) {
  return new Promise<boolean>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (ok: boolean) => {
      done = true;
      clearTimeout(deadline);
      resolve(ok);
    };
    const refuse = (status: number, text: string) => {
      if (done) return;
      req.removeListener("data", onData);
      answerAfterDiscardingBody(req, () => sendText(req, res, status, text));
      finish(false);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return refuse(413, "That request is too large.");
      chunks.push(chunk);
    };
    const deadline = setTimeout(
      () => refuse(408, "The request took too long to arrive."),
      FORM_BODY_DEADLINE_MS,
    );
    req.on("data", onData);
    req.on("end", () => {
      if (done) return;
      state.body = Buffer.concat(chunks);
      finish(true);
    });
    req.on("error", () => {
      if (!done) finish(false);
    });
  });
}

/**
 * After a refusal, the rest of the body (at most MAX_BODY_BYTES, declared) is read and thrown
 * away, unparsed, and the answer sent once it has all arrived ("lingering close"): answering
 * and closing while the client is still sending resets the connection and loses the answer.
 * A client still sending after 5 s gets the answer and is cut off.
 */
function answerAfterDiscardingBody(req: IncomingMessage, send: () => void) {
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

/** A short plain-text answer with its length (no body for HEAD). */
export function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string) {
  const body = Buffer.from(text, "utf8");
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** One request header as a string (Node joins or drops repeats; set-cookie is not read here). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function pathOf(target: string) {
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}

/** Trust one proxy hop (Fly's edge): as Express's `trust proxy` = 1 (proxy-addr). */
const oneHop = (_address: string, hop: number) => hop < 1;

export function clientIp(req: IncomingMessage, trustProxy: boolean) {
  if (trustProxy) return header(req, "fly-client-ip") || proxyaddr(req, oneHop) || "unknown";
  return req.socket.remoteAddress ?? "unknown";
}

/** The origin the client asked for: the Host header, and the proxy's scheme when trusted. */
export function requestOrigin(req: IncomingMessage, trustProxy: boolean) {
  let scheme = (req.socket as TLSSocket).encrypted ? "https" : "http";
  const forwarded = trustProxy ? header(req, "x-forwarded-proto") : undefined;
  if (forwarded) scheme = forwarded.split(",")[0].trim();
  return `${scheme}://${header(req, "host") ?? "localhost"}`;
}
