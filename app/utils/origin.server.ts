import { getEnv } from "./env.server";

/** The site's public origin for canonical links, sitemaps, feeds and JSON-LD. */
export function publicOrigin(request: Request): string {
  const configured = getEnv().PUBLIC_URL;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}
