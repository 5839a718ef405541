import { getEnv } from "./env.server";

/** The site's public origin for canonical links, sitemaps, feeds and JSON-LD. */
export function publicOrigin(request: Request): string {
  const configured = getEnv().PUBLIC_URL;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}

/**
 * The origin for links made outside a request (the scheduled sync's waitlist e-mails):
 * PUBLIC_URL, else this server on localhost (links that only work here: set PUBLIC_URL in
 * production; the start-up banner says so).
 */
export function configuredOrigin(): string {
  const env = getEnv();
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}
