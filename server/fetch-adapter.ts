/**
 * Express ⇄ Fetch for the Remix request handler. @remix-run/express does the same but only
 * as a whole handler; the page cache needs the Response itself, so the two conversions
 * live here (same behaviour: original URL, trusted-proxy host, abort on a closed socket).
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type express from "express";

/**
 * `body`: the form body the server already read (and bounded); otherwise the request stream.
 * A HEAD is passed on as a GET (the caller drops the body), so Remix renders the real page.
 */
export function toFetchRequest(req: express.Request, res: express.Response, body?: Buffer): Request {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method === "HEAD" ? "GET" : req.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (body) {
    init.body = body as unknown as BodyInit;
  } else if (method !== "GET") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

export async function sendFetchResponse(res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) {
    res.flushHeaders();
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
    return;
  }
  // Issue 20: every other answer is one body (entry.server renders the whole document first),
  // sent with its length: without one, the compression middleware had to assume a large body
  // and start a brotli stream even for a 2-byte "OK" or an empty redirect.
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) res.setHeader("Content-Length", body.length);
  res.end(body ?? undefined);
}
