/**
 * One render-blocking stylesheet on the listing pages (issue 42: the home page's and the
 * calendar's LCP on a phone). Every page gets the site's own styles (app.css) from the root and
 * its route's stylesheet after it: two requests before the first paint, the second on a connection
 * of its own on a phone's first visit. A route whose stylesheet already holds app.css, first and in
 * the same order (app/styles/public-pages.css), says so in its `handle`; the root then links
 * nothing of its own, so the page makes one request where it made two, with the same rules.
 */
export const WHOLE_STYLESHEET = { wholeStylesheet: true } as const;

/**
 * Does the page of these route matches (Remix's `useMatches()`) need the root's app.css link?
 * `rootError` is what `useRouteError()` gives in the root's Layout (null or undefined without an
 * error): when the root's error boundary is drawn, the routes below it link nothing, so the root
 * links app.css whatever they say.
 */
export function linksAppStyles(matches: { handle?: unknown }[], rootError?: unknown): boolean {
  if (rootError !== undefined && rootError !== null) return true;
  return !matches.some(
    (m) => (m.handle as { wholeStylesheet?: boolean } | undefined)?.wholeStylesheet === true,
  );
}
