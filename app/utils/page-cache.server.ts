import type { HeadersFunction } from "@remix-run/node";

/**
 * How a route says its answer is the same for every anonymous visitor (no per-render token, no
 * cookie), so the server may keep it (the page cache: app/fast/page-cache.server.ts). Routes opt in
 * per response: `cacheablePage()` in the loader's headers and `headers = passPageCache`. The
 * header never leaves the server.
 */
export const PAGE_CACHE_HEADER = "x-page-cache";

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
