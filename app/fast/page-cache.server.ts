import zlib from "node:zlib";
import type express from "express";
import Negotiator from "negotiator";
import { dataVersion } from "~/utils/db.server";
import { PAGE_CACHE_HEADER } from "~/utils/page-cache.server";
import { stitchGzip, stitchTemplate, type StitchedTemplate } from "./stitched-gzip.server";

/**
 * The page cache: rendered public pages kept in process for visitors without a session, in front
 * of Remix in Express's catch-all (server/index.ts). Off with FAST_PATHS=off.
 *
 * Routes opt in per response (`cacheablePage()` and `passPageCache`, app/utils/page-cache.server.ts),
 * only for output that is the same for every anonymous visitor. An entry is valid while the
 * database is unchanged (`dataVersion`: `total_changes()` and `PRAGMA data_version`, which every
 * commit by this process or any other bumps), so a staff edit or a sync shows on the next
 * request; a TTL bounds anything else that drifts (today's date).
 * Every response carries a nonce of its own (issue 39: a hit used to reuse the nonce of the render
 * it came from, shared by every visitor of that page for a minute, and readable by any of them).
 * So a page is kept as the vote page is (stitched-gzip.server.ts): compressed once, cut at its
 * nonce, and each response's nonce is put into the gzip body as it is sent, matching the CSP
 * header the pipeline made for that response. Only gzip: brotli has no such splicing, and
 * compressing per request would cost more than the whole rest of a hit (about 1.4 KB more on the
 * home page, 10.5 KB instead of 9.1 KB). The rare client that refuses gzip gets it unpacked.
 */
const MAX_ENTRIES = 500;
const TTL_MS = 60_000;

export type CachedPage = {
  version: string;
  expires: number;
  status: number;
  headers: [string, string][];
  /** The page compressed, cut where the render's nonce was (slot "nonce"). */
  template: StitchedTemplate;
};

/** The page with this response's nonce in it, gzip-encoded or not. */
export function cachedBody(page: CachedPage, nonce: string, gzip: boolean): Buffer {
  const body = stitchGzip(page.template, { nonce });
  return gzip ? body : zlib.gunzipSync(body);
}

export class PageCache {
  private entries = new Map<string, CachedPage>();

  get(key: string, version: string, now = Date.now()): CachedPage | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.version !== version || hit.expires <= now) {
      this.entries.delete(key);
      return null;
    }
    return hit;
  }

  /** Stores a rendered page, compressed and cut at `nonce` (the nonce it was rendered with). */
  set(
    key: string,
    page: Omit<CachedPage, "template" | "expires"> & { identity: Buffer; nonce: string },
    now = Date.now(),
  ) {
    if (this.entries.size >= MAX_ENTRIES) {
      // Drop the oldest entry (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const { identity, nonce, ...rest } = page;
    const text = identity.toString("utf8");
    const entry: CachedPage = {
      ...rest,
      expires: now + TTL_MS,
      template: stitchTemplate(text, nonce ? { nonce } : {}, { keepIdentity: false, sameLengthValues: true }),
    };
    this.entries.set(key, entry);
    return entry;
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * The page cache in Express's catch-all (server/index.ts): `lookup` sends a kept page before
 * Remix runs ({ sent: true }), or gives `keep`, which stores and sends the page Remix then
 * rendered when its route opted in (true), or leaves the response to the caller (false, its body
 * unread).
 */
export function pageCacheLayer() {
  const cache = new PageCache();
  type Keep = (response: Response, nonce: string) => Promise<boolean>;
  const keepNothing: Keep = async () => false;

  function lookup(req: express.Request, res: express.Response): { sent: true } | { sent: false; keep: Keep } {
    // Anonymous GETs (and HEADs) only: a session may carry a flash or staff state.
    const cacheable =
      (req.method === "GET" || req.method === "HEAD") && !/(^|;\s*)__session=/.test(req.get("cookie") ?? "");
    if (!cacheable) return { sent: false, keep: keepNothing };
    // Host is part of the key: pages carry absolute links built from it (no cache poisoning).
    const key = `${req.protocol}://${req.get("host")}${req.originalUrl}`;
    // Read before the render: a commit during it makes the kept page stale at once, never wrong.
    const version = dataVersion();
    const hit = cache.get(key, version);
    if (hit) {
      send(req, res, hit, "HIT");
      return { sent: true };
    }
    const keep: Keep = async (response, nonce) => {
      if (
        response.headers.get(PAGE_CACHE_HEADER) !== "public" ||
        response.status !== 200 ||
        response.headers.has("set-cookie")
      )
        return false;
      const identity = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers.entries()].filter(
        ([name]) => name !== "content-length" && name !== PAGE_CACHE_HEADER,
      );
      send(req, res, cache.set(key, { version, status: 200, headers, nonce, identity }), "MISS");
      return true;
    };
    return { sent: false, keep };
  }

  return { lookup };
}

/**
 * Sends a kept page with this response's own nonce in it (the one in this response's CSP header,
 * made by the pipeline), gzip-encoded when the client accepts it.
 */
function send(req: express.Request, res: express.Response, page: CachedPage, state: "HIT" | "MISS") {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const gzip = pickEncoding(req.get("accept-encoding"), ["gzip", "identity"]) === "gzip";
  const body = cachedBody(page, res.locals.cspNonce, gzip);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("Content-Length", body.length);
  res.setHeader("X-Cache", state);
  res.status(page.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Which encoding of a cached page to send for an Accept-Encoding header, negotiated by
 * `negotiator` (q-values honoured: "br;q=0" refuses brotli). Brotli is preferred on a tie.
 * A header that refuses everything (identity;q=0 too) gets identity: a page is better than a 406.
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: readonly (typeof ENCODINGS)[number][] = ENCODINGS,
): "br" | "gzip" | "identity" {
  // Browsers send a handful of distinct headers: each is negotiated once (issue 20: negotiating
  // was 3 % of a cached /vote). The memo is bounded, so unique headers cannot grow it.
  const key = `${available.join()}|${acceptEncoding ?? ""}`;
  const known = negotiated.get(key);
  if (known) return known;
  const chosen = negotiate(acceptEncoding, available);
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(key, chosen);
  return chosen;
}

const NEGOTIATED_MAX = 64;
const negotiated = new Map<string, "br" | "gzip" | "identity">();

function negotiate(
  acceptEncoding: string | undefined,
  available: readonly (typeof ENCODINGS)[number][],
): "br" | "gzip" | "identity" {
  const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
  // negotiator 1.x takes the preference order as a second argument (its types lag behind).
  const negotiator = new Negotiator({ headers }) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  const chosen = negotiator.encoding([...available], { preferred: [...available] });
  return (chosen as (typeof ENCODINGS)[number] | undefined) ?? "identity";
}

const ENCODINGS = ["br", "gzip", "identity"] as const;
