/**
 * The node:http request listener: every request goes through the pipeline
 * (server/pipeline.ts); then the three paths a busy night hits hardest are answered here, and
 * everything else is handed to Express (static files, the page cache, Remix).
 *
 * Issue 20: /healthcheck, GET /vote (the room opening the page at once) and vote posts spent
 * most of their time in Express's own layers (expressInit, query, the router); here they take
 * the same pipeline steps and nothing else.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext } from "@remix-run/node";
import type { MailListPaths } from "~/features/mail-lists/unsubscribe.server";
import type { FastPaths } from "~/features/voting/vote-fast-path.server";
import { healthDetail } from "~/services/replication.server";
import { databaseAnswers } from "~/utils/healthcheck.server";
import type { logger } from "~/utils/logger.server";
import { pickEncoding } from "~/utils/page-cache.server";
import {
  header,
  oneClickUnsubscribe,
  requestOrigin,
  sendText,
  type createPipeline,
  type RequestState,
} from "./pipeline";
import { VotePageCache } from "./vote-page";

/** Hands a request on to Express with the pipeline's state as `res.locals`. */
export type Next = (req: IncomingMessage, res: ServerResponse, locals: RequestState & AppLocals) => void;
export type AppLocals = { voteOutcome?: AppLoadContext["voteOutcome"] };

type RenderVotePage = (url: string, context: Partial<AppLoadContext>) => Promise<Response>;

// As Express matched them: any case, an optional trailing slash.
const HEALTHCHECK = /^\/healthcheck\/?$/i;
const VOTE_PAGE = /^\/vote\/?$/i;
const VOTE_POST = /^\/vote(\/submit)?\/?$/i;

export function createFront(options: {
  pipeline: ReturnType<typeof createPipeline>;
  log: ReturnType<typeof logger>;
  trustProxy: boolean;
  /** The fast paths of the build being served (its module instances), if it has them. */
  fastPaths: () => FastPaths | undefined;
  /** The build's one-click unsubscribe (issue 39), answered here as vote posts are. */
  mailListPaths: () => MailListPaths | undefined;
  /** "Has anything changed?" (the page cache's data version). */
  dataVersion: () => string;
  render: RenderVotePage;
  next: Next;
}) {
  const { pipeline, log } = options;
  const votePages = new VotePageCache();

  return async (req: IncomingMessage, res: ServerResponse) => {
    let state: RequestState | null = null;
    try {
      state = pipeline.begin(req, res);
      if (!state) return;
      const method = req.method ?? "";
      const read = method === "GET" || method === "HEAD";
      // Liveness without Remix's routing: the process answers and the database can be read.
      if (read && HEALTHCHECK.test(state.path)) return healthcheck(req, res);
      const allowed = pipeline.bounds(req, res, state);
      if (!(allowed === true || (await allowed))) return;
      if (read && VOTE_PAGE.test(state.path) && (await votePage(req, res, state))) return;
      if (method === "POST") {
        const token = oneClickUnsubscribe(state.path);
        if (token) return await unsubscribePost(req, res, state, token);
      }
      if (method === "POST" && VOTE_POST.test(state.path)) {
        const outcome = await votePost(req, res, state);
        if (outcome === true) return;
        return options.next(req, res, { ...state, voteOutcome: outcome || undefined });
      }
      options.next(req, res, state);
    } catch (error) {
      log.error({ err: error, reqId: state?.requestId }, "unhandled error");
      if (!res.headersSent) sendText(req, res, 500, "Unexpected Application Error!");
      else res.destroy();
    }
  };

  /**
   * The one-click unsubscribe (RFC 8058) and the unsubscribe page's own button: any sender, any
   * body (never read), before Remix's origin check (which answered another site's POST with a
   * 500). Done, then the page is rendered with the outcome; the same answer every time.
   */
  async function unsubscribePost(
    req: IncomingMessage,
    res: ServerResponse,
    state: RequestState,
    token: string,
  ) {
    req.resume();
    const paths = options.mailListPaths();
    if (!paths) return sendText(req, res, 503, "Please try again in a moment.");
    const unsubscribed = paths.unsubscribe(token);
    const page = await options.render(`${requestOrigin(req, options.trustProxy)}/unsubscribe/${token}`, {
      cspNonce: state.cspNonce,
      clientIp: pipeline.clientIp(req),
      requestId: state.requestId,
      unsubscribed,
    });
    const body = Buffer.from(await page.arrayBuffer());
    res.statusCode = page.status;
    for (const [name, value] of page.headers) {
      if (!["set-cookie", "content-length", "x-page-cache"].includes(name.toLowerCase()))
        res.setHeader(name, value);
    }
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  function healthcheck(req: IncomingMessage, res: ServerResponse) {
    res.setHeader("Cache-Control", "no-store");
    try {
      databaseAnswers();
      // Issue 38: the replication's state follows "OK" when a bucket is configured; a replica
      // that is down never fails the check (the site keeps serving; the alert is the metric).
      sendText(req, res, 200, `OK${healthDetail()}`);
    } catch (error) {
      log.error({ err: error }, "healthcheck failed");
      sendText(req, res, 503, "ERROR");
    }
  }

  /**
   * The vote page from the page kept for the open round, with this visitor's token, nonce and
   * code put in (server/vote-page.ts). False when only Remix's render can show this visitor.
   */
  async function votePage(req: IncomingMessage, res: ServerResponse, state: RequestState) {
    const paths = options.fastPaths();
    if (!paths) return false;
    const target = req.url ?? "";
    // Read once: the open round and the kept page are both valid for this version.
    const version = options.dataVersion();
    const visitor = await paths.votePageVisitor(
      target.slice(state.path.length),
      header(req, "cookie") ?? null,
      version,
      pipeline.clientIp(req),
    );
    if (!visitor) return false;
    // Issue 37: a new phone over the round's budget: Remix renders "one moment" (nothing minted).
    if ("kind" in visitor) {
      options.next(req, res, { ...state, voteOutcome: visitor });
      return true;
    }
    const page = await votePages.page({
      origin: requestOrigin(req, options.trustProxy),
      visitor,
      version,
      fingerprint: paths.votePageFingerprint,
      render: (url, context) =>
        options.render(url, { ...context, clientIp: pipeline.clientIp(req), requestId: state.requestId }),
    });
    if (!page) return false;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (visitor.setCookie) res.setHeader("Set-Cookie", visitor.setCookie);
    const values = { ...visitor.values, nonce: state.cspNonce };
    const gzip = pickEncoding(header(req, "accept-encoding"), ["gzip", "identity"]) === "gzip";
    const body = gzip ? votePages.gzip(page, values) : votePages.identity(page, values);
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /**
   * A vote post answered here (true), or handed to Remix: with the outcome to render (a
   * refused no-JavaScript post) or without one (a data request, no fast paths, no body read).
   */
  async function votePost(
    req: IncomingMessage,
    res: ServerResponse,
    state: RequestState,
  ): Promise<true | AppLocals["voteOutcome"] | null> {
    const paths = options.fastPaths();
    // Remix data requests (?_data=) and uploads go the normal way.
    if (!paths || !state.body || /[?&]_data=/.test(req.url ?? "")) return null;
    const reply = await paths.votePost({
      path: state.path.toLowerCase().replace(/\/$/, ""),
      body: state.body,
      cookie: header(req, "cookie") ?? null,
      clientIp: pipeline.clientIp(req),
    });
    if ("render" in reply) return reply.render;
    res.statusCode = reply.status;
    for (const [name, value] of reply.headers) res.appendHeader(name, value);
    const answer = Buffer.from(reply.body, "utf8");
    res.setHeader("Content-Length", answer.length);
    res.end(answer);
    return true;
  }
}
