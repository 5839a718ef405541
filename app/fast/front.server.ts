/**
 * The speed machinery (issue 20; one folder since issue 40): what answers a busy night's
 * requests without the ordinary route, and the switch that turns all of it off.
 *
 * - GET /vote from the page kept per open round (vote-page.server.ts, stitched-gzip.server.ts),
 *   the visitor's token, nonce and room code put in per request;
 * - vote posts (POST /vote, /vote/submit) straight to the same `submitVoteForm` the routes use,
 *   without Express and Remix's routing (vote-requests.server.ts, run in the build's module
 *   instances);
 * - the page cache of the public pages, in front of Remix in Express (page-cache.server.ts).
 *
 * With `FAST_PATHS=off` (app/utils/env.server.ts) server/index.ts makes none of this: every
 * request goes through Express and the Remix routes (app/routes/vote.tsx, vote.submit.ts), as the
 * browser tests of the vote run both ways to prove. Every request takes the request pipeline
 * (server/pipeline.ts) first, in both modes. Only server/index.ts and app/entry.server.tsx import
 * this folder (eslint.config.js).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext } from "@remix-run/node";
import { dataVersion } from "~/utils/db.server";
import { pageCacheLayer, pickEncoding } from "./page-cache.server";
import { VotePageCache, type Remix } from "./vote-page.server";
import type { BuildFastPaths } from "./vote-requests.server";

/** What the request pipeline learnt about a request (server/pipeline.ts's RequestState). */
export type FastRequest = { requestId: string; cspNonce: string; path: string; body?: Buffer };
/** A decision the ordinary route renders: a refused no-JavaScript vote, a new phone that must wait. */
export type VoteOutcomeLocals = { voteOutcome?: AppLoadContext["voteOutcome"] };

// As Express matched them: any case, an optional trailing slash.
const VOTE_PAGE = /^\/vote\/?$/i;
const VOTE_POST = /^\/vote(\/submit)?\/?$/i;

export function createFastPaths(options: {
  /** Remix's request handler (server/index.ts). */
  remix: Remix;
  /** The fast paths of the build being served (its module instances), if it has them. */
  build: () => BuildFastPaths | undefined;
  clientIp: (req: IncomingMessage) => string;
  /** The origin the client asked for (scheme and Host). */
  origin: (req: IncomingMessage) => string;
  /** Hands a request on to Express and Remix. */
  next: (req: IncomingMessage, res: ServerResponse, state: FastRequest & VoteOutcomeLocals) => void;
}) {
  const votePages = new VotePageCache(options.remix);

  /** Answers the request here (true) or leaves it to Express (false). */
  async function answer(req: IncomingMessage, res: ServerResponse, state: FastRequest) {
    const method = req.method ?? "";
    if ((method === "GET" || method === "HEAD") && VOTE_PAGE.test(state.path))
      return votePage(req, res, state);
    if (method === "POST" && VOTE_POST.test(state.path)) return votePost(req, res, state);
    return false;
  }

  /**
   * The vote page from the page kept for the open round, with this visitor's token, nonce and
   * code put in. False when only Remix's render can show this visitor.
   */
  async function votePage(req: IncomingMessage, res: ServerResponse, state: FastRequest) {
    const paths = options.build();
    if (!paths) return false;
    const target = req.url ?? "";
    // Read once: the open round and the kept page are both valid for this version.
    const version = dataVersion();
    const visitor = await paths.votePageVisitor(
      target.slice(state.path.length),
      header(req, "cookie") ?? null,
      version,
      options.clientIp(req),
    );
    if (!visitor) return false;
    // Issue 37: a new phone over the round's budget: Remix renders "one moment" (nothing minted).
    if ("kind" in visitor) {
      options.next(req, res, { ...state, voteOutcome: visitor });
      return true;
    }
    const page = await votePages.page({
      origin: options.origin(req),
      visitor,
      version,
      context: { clientIp: options.clientIp(req), requestId: state.requestId },
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
   * A vote post answered here, or handed to Remix: with the outcome to render (a refused
   * no-JavaScript post) or without one (a data request, no fast paths, no body read).
   */
  async function votePost(req: IncomingMessage, res: ServerResponse, state: FastRequest) {
    const paths = options.build();
    // Remix data requests (?_data=) and uploads go the normal way.
    if (!paths || !state.body || /[?&]_data=/.test(req.url ?? "")) return false;
    const reply = await paths.votePost({
      path: state.path.toLowerCase().replace(/\/$/, ""),
      body: state.body,
      cookie: header(req, "cookie") ?? null,
      clientIp: options.clientIp(req),
    });
    if ("render" in reply) {
      options.next(req, res, { ...state, voteOutcome: reply.render });
      return true;
    }
    res.statusCode = reply.status;
    for (const [name, value] of reply.headers) res.appendHeader(name, value);
    const answer = Buffer.from(reply.body, "utf8");
    res.setHeader("Content-Length", answer.length);
    res.end(answer);
    return true;
  }

  return { answer, pageCache: pageCacheLayer() };
}

export type FastPaths = ReturnType<typeof createFastPaths>;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
