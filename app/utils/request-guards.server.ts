import { getEnv } from "./env.server";

/**
 * Refuses state-changing requests that come from another site (CSRF). Browsers send
 * Origin on every POST; when it is present it must be this site's own origin. With
 * SameSite=Lax session cookies this closes cross-site form posts.
 */
export function requireSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("Origin");
  const allowed = allowedOrigins(request);
  if (origin && origin !== "null" && allowed.has(origin)) return;
  if (!origin) {
    // Old clients without Origin: fall back to Referer; refuse when neither is present.
    const referer = request.headers.get("Referer");
    if (referer) {
      try {
        if (allowed.has(new URL(referer).origin)) return;
      } catch {
        /* refused below */
      }
    }
  }
  throw new Response("This form must be sent from this site.", { status: 403 });
}

function allowedOrigins(request: Request) {
  const set = new Set<string>([new URL(request.url).origin]);
  const host = request.headers.get("Host");
  if (host) {
    set.add(`http://${host}`);
    set.add(`https://${host}`);
  }
  const publicUrl = getEnv().PUBLIC_URL;
  if (publicUrl) set.add(new URL(publicUrl).origin);
  return set;
}

/** The honeypot field on every public form: people leave it empty, bots fill it in. */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
