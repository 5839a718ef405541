/**
 * Which pages load the Remix runtime in the browser (issue 42, item 9). A page whose behaviour
 * is all in its markup (plain links and forms, `<details>`, `<dialog>`) plus the few enhancements
 * of app/components/enhance.ts does not need React in the browser: the runtime alone is 74 KB of
 * JavaScript (brotli) in 30-40 files, so a show page could never be a first visit of 15 requests
 * and 75 KB. Such a route says so in its `handle`; the root then sends no module scripts, only
 * enhance.ts inline. Every other page hydrates as before.
 */
export const WITHOUT_RUNTIME = { runtime: false } as const;

/** Does the page of these route matches (Remix's `useMatches()`) load the runtime? */
export function loadsRuntime(matches: { handle?: unknown }[]): boolean {
  return !matches.some((m) => (m.handle as { runtime?: boolean } | undefined)?.runtime === false);
}
