import zlib from "node:zlib";
import type { HeadersFunction } from "@remix-run/node";
import Negotiator from "negotiator";
import { stitchGzip, stitchTemplate, type StitchedTemplate } from "~/lib/stitched-gzip";

/**
 * A small in-process cache of rendered public pages for visitors without a session.
 *
 * Routes opt in per response (`cacheablePage()` in the loader and `headers = passPageCache`),
 * only for output that is the same for every anonymous visitor: no per-render tokens, no
 * cookies. An entry is valid while the database is unchanged (the connection's
 * `total_changes()` and `PRAGMA data_version`, which every commit by this process or any
 * other bumps), so a staff edit or a sync shows on the next request; a TTL bounds anything else that drifts (today's date).
 * Every response carries a nonce of its own (issue 39: a hit used to reuse the nonce of the render
 * it came from, shared by every visitor of that page for a minute, and readable by any of them).
 * So a page is kept as the vote page is (app/lib/stitched-gzip.ts): compressed once, cut at its
 * nonce, and each response's nonce is put into the gzip body as it is sent, matching the CSP
 * header the pipeline made for that response. Only gzip: brotli has no such splicing, and
 * compressing per request would cost more than the whole rest of a hit (about 1.4 KB more on the
 * home page, 10.5 KB instead of 9.1 KB). The rare client that refuses gzip gets it unpacked.
 */
export const PAGE_CACHE_HEADER = "x-page-cache";
const MAX_ENTRIES = 500;
const TTL_MS = 60_000;

/** Loader headers marking a response as the same for every anonymous visitor. */
export function cacheablePage(): Record<string, string> {
  return { [PAGE_CACHE_HEADER]: "public" };
}

/** A route's `headers` export that forwards the loader's opt-in to the document response. */
export const passPageCache: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const value = loaderHeaders.get(PAGE_CACHE_HEADER);
  if (value) headers.set(PAGE_CACHE_HEADER, value);
  return headers;
};

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
      template: stitchTemplate(text, nonce ? { nonce } : {}, { keepIdentity: false }),
    };
    this.entries.set(key, entry);
    return entry;
  }

  get size() {
    return this.entries.size;
  }
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
