import type { HeadersFunction } from "@remix-run/node";

/** The headers of a refused form post that must reach the browser as they are. */
const PASSED = ["Retry-After", "Cache-Control"] as const;

/**
 * A route's `headers` export for pages whose form post can be refused (429 over a budget,
 * 400/413/415 from the bounded pipeline). For a document POST (no JavaScript) Remix builds
 * the response headers from this export only, so without it the action's `Retry-After` and
 * `Cache-Control` are dropped. Passes them from the action's answer (returned or thrown);
 * page loads (no action) get nothing extra here, exactly as before.
 */
export const refusalHeaders: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
  const out = new Headers();
  for (const from of [errorHeaders, actionHeaders]) {
    if (!from) continue;
    for (const name of PASSED) {
      const value = from.get(name);
      if (value && !out.has(name)) out.set(name, value);
    }
  }
  return out;
};
