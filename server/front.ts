/**
 * The node:http request listener: every request goes through the pipeline
 * (server/pipeline.ts); then the one-click unsubscribe is answered here (before Remix's origin
 * check), the fast paths (app/fast, unless FAST_PATHS=off) answer what they can, and everything
 * else is handed to Express (static files, the page cache, Remix).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext } from "@remix-run/node";
import type { FastPaths, VoteOutcomeLocals } from "~/fast/front.server";
import type { MailListPaths } from "~/features/mail-lists/unsubscribe.server";
import type { logger } from "~/utils/logger.server";
import {
  oneClickUnsubscribe,
  requestOrigin,
  sendText,
  type createPipeline,
  type RequestState,
} from "./pipeline";

/** Hands a request on to Express with the pipeline's state as `res.locals`. */
export type Next = (req: IncomingMessage, res: ServerResponse, locals: RequestState & AppLocals) => void;
export type AppLocals = VoteOutcomeLocals;

type RenderPage = (url: string, context: Partial<AppLoadContext>) => Promise<Response>;

export function createFront(options: {
  pipeline: ReturnType<typeof createPipeline>;
  log: ReturnType<typeof logger>;
  trustProxy: boolean;
  /** The fast paths (app/fast); null with FAST_PATHS=off. */
  fast: FastPaths | null;
  /** The build's one-click unsubscribe (issue 39), answered here before Remix's origin check. */
  mailListPaths: () => MailListPaths | undefined;
  render: RenderPage;
  next: Next;
}) {
  const { pipeline, log } = options;

  return async (req: IncomingMessage, res: ServerResponse) => {
    let state: RequestState | null = null;
    try {
      state = pipeline.begin(req, res);
      if (!state) return;
      const allowed = pipeline.bounds(req, res, state);
      if (!(allowed === true || (await allowed))) return;
      if (req.method === "POST") {
        const token = oneClickUnsubscribe(state.path);
        if (token) return await unsubscribePost(req, res, state, token);
      }
      if (options.fast && (await options.fast.answer(req, res, state))) return;
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
}
