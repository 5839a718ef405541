/**
 * The route group a request's path belongs to, for the request metrics (/metrics): a small,
 * fixed set of labels, so a stranger asking for a million made-up paths adds no series.
 * Checked in order; plain string tests (it runs for every request, the vote paths included).
 */
export const ROUTE_GROUPS = [
  "vote",
  "results",
  "admin",
  "image",
  "asset",
  "health",
  "metrics",
  "feed",
  "page",
] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

export function routeGroup(path: string): RouteGroup {
  const p = path.length > 1 && path.endsWith("/") ? path.slice(0, -1).toLowerCase() : path.toLowerCase();
  if (p === "/vote" || p.startsWith("/vote/")) return "vote";
  if (p === "/results" || p.startsWith("/results/") || p.startsWith("/results.")) return "results";
  if (
    p.startsWith("/admin") ||
    p === "/manage-comedians" ||
    p === "/booking" ||
    p === "/test-delete" ||
    p === "/debug" ||
    p.startsWith("/debug/")
  )
    return "admin";
  if (p.startsWith("/img/")) return "image";
  if (p.startsWith("/build/") || p.startsWith("/images/") || p === "/favicon.svg") return "asset";
  if (p === "/healthcheck") return "health";
  if (p === "/metrics") return "metrics";
  if (p.endsWith(".ics") || p.endsWith(".xml") || p.endsWith(".txt") || p.endsWith(".csv")) return "feed";
  return "page";
}
