import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { logger } from "~/utils/logger.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): ReturnType<HandleDocumentRequestFunction> {
  const nonce = loadContext?.cspNonce ?? "";
  // The whole document is rendered, then sent as one body (onAllReady): nothing here defers
  // data; a lazily loaded form (the contestant application) must arrive inline for visitors
  // without JavaScript; and one body is compressed in one pass instead of hundreds of chunks.
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // A render that has not finished in ABORT_DELAY is stopped. The timer goes as soon as the
    // page is done: left running, it kept every rendered page's React state alive for five
    // seconds (200 refused password guesses held about 80 MB).
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timer);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }),
            );
          });
          body.on("error", (error) => {
            clearTimeout(timer);
            reject(error);
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger().error({ err: error, reqId: loadContext?.requestId }, "render error");
        },
      },
    );
  });
}

/**
 * Errors Remix reports. A client's mistake (Remix's own 4xx: a POST to a page without an
 * action, a `_data` naming another route) is logged at info: anyone can send those, and at
 * error level they filled the error log (issue 39). Everything else is the server's own fault.
 * Issue 38: the request id, and the path without its query (a GET form's e-mail stays out of
 * the log, and of Sentry, which gets every error line when configured).
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: AppLoadContext },
) {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  const reqId = context?.requestId;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    logger().info({ status: error.status, reqId, method: request.method, path }, "client error");
    return;
  }
  logger().error({ err: error, reqId, method: request.method, path }, "loader or action error");
}

/** Issue 20: what the fast paths (app/fast) answer without Remix's routing, in this build's module instances. */
export { fastPaths } from "~/fast/vote-requests.server";
/** Issue 39: the one-click unsubscribe server/front.ts answers before Remix. */
export { mailListPaths } from "~/features/mail-lists/unsubscribe.server";
