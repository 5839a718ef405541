import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

/**
 * A Sentry ingest on 127.0.0.1: the envelope endpoint (`POST /api/{project}/envelope/`) that
 * the SDKs send to, keeping what arrives. The envelope format (newline-separated JSON: a header,
 * then per item an item header and its payload) is Sentry's published one
 * (develop.sentry.dev/sdk/data-model/envelopes/); bodies may be gzip- or deflate-encoded.
 */
export type Envelope = {
  raw: string;
  header: Record<string, unknown>;
  items: { type: string; payload: any }[];
};

function parseEnvelope(raw: string): Envelope {
  const lines = raw.split("\n");
  const header = JSON.parse(lines[0] || "{}");
  const items: Envelope["items"] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    if (!lines[i]) continue;
    const itemHeader = JSON.parse(lines[i]);
    let payload: unknown = lines[i + 1];
    try {
      payload = JSON.parse(lines[i + 1]);
    } catch {
      /* an attachment */
    }
    items.push({ type: itemHeader.type, payload });
  }
  return { raw, header, items };
}

export async function startFakeSentry() {
  const envelopes: Envelope[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      const encoding = req.headers["content-encoding"];
      if (encoding === "gzip") body = zlib.gunzipSync(body);
      if (encoding === "deflate") body = zlib.inflateSync(body);
      // The browser SDK posts from the site's origin: the ingest answers CORS as Sentry's does.
      const cors = { "access-control-allow-origin": "*" };
      if (req.method === "OPTIONS")
        res
          .writeHead(204, {
            ...cors,
            "access-control-allow-methods": "POST",
            "access-control-allow-headers": String(req.headers["access-control-request-headers"] ?? ""),
          })
          .end();
      else if (req.method === "POST" && /^\/api\/\d+\/envelope\/?/.test(req.url ?? "")) {
        envelopes.push(parseEnvelope(body.toString("utf8")));
        res.writeHead(200, { ...cors, "content-type": "application/json" }).end("{}");
      } else res.writeHead(404, cors).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/42`,
    envelopes,
    /** Every error event received (the payload of each "event" item). */
    events: () => envelopes.flatMap((e) => e.items.filter((i) => i.type === "event").map((i) => i.payload)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
