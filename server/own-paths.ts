/**
 * The paths the server answers itself, before Remix (server/index.ts registers each from here).
 * A venue page lives at /{slug}, so no venue slug may be one of these: RESERVED_SLUGS
 * (app/lib/venue-records.ts) holds each, and tests/unit/lib/forms/venue.test.ts checks it. The
 * lint rule house/server-own-paths keeps a literal path out of server/'s registrations.
 */
export const SERVER_PATHS = {
  /** Fingerprinted build assets (a miss is a plain 404, never a page). */
  build: "/build",
  /** Files of public/images. */
  images: "/images",
  favicon: "/favicon.svg",
  /** Prometheus figures for whoever holds METRICS_TOKEN (404 without one). */
  metrics: "/metrics",
} as const;
