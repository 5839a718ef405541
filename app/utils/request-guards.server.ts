import { HONEYPOT_FIELD_NAME } from "~/lib/forms/honeypot";
import { getEnv } from "./env.server";

/**
 * Refuses state-changing requests that come from another site (CSRF). Browsers send
 * Origin on every POST; when it is present it must be this site's own origin. With
 * SameSite=Lax session cookies this closes cross-site form posts.
 */
export function requireSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const ok = isSameSiteWrite({
    origin: request.headers.get("Origin"),
    referer: request.headers.get("Referer"),
    host: request.headers.get("Host"),
    requestOrigin: new URL(request.url).origin,
    publicUrl: getEnv().PUBLIC_URL,
  });
  if (!ok) throw new Response("This form must be sent from this site.", { status: 403 });
}

/**
 * The origin rule shared by the server middleware (which answers 403 before Remix runs)
 * and requireSameOrigin (defence in depth inside each action). Browsers send Origin on
 * every POST; when it is absent, Referer must be ours; when both are absent, refuse.
 */
export function isSameSiteWrite(input: {
  origin: string | null | undefined;
  referer: string | null | undefined;
  host: string | null | undefined;
  requestOrigin?: string;
  publicUrl?: string;
}) {
  const allowed = new Set<string>();
  if (input.requestOrigin) allowed.add(input.requestOrigin);
  if (input.host) {
    allowed.add(`http://${input.host}`);
    allowed.add(`https://${input.host}`);
  }
  if (input.publicUrl) allowed.add(new URL(input.publicUrl).origin);
  if (input.origin && input.origin !== "null") return allowed.has(input.origin);
  if (input.origin === "null") return false;
  if (input.referer) {
    try {
      return allowed.has(new URL(input.referer).origin);
    } catch {
      return false;
    }
  }
  return false;
}

/** The honeypot field on every public form (its name: app/lib/forms/honeypot.ts): people leave it empty, bots fill it in. */
export function isHoneypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD_NAME);
  return typeof value === "string" && value.trim() !== "";
}

/**
 * Every form on the site is posted as application/x-www-form-urlencoded (Remix forms and
 * fetchers by default; the vote page's retrying fetch too). Anything else (JSON, text/plain,
 * multipart, no type) is refused with 415 before an action's request.formData() could throw.
 */
export function isFormContentType(contentType: string | null | undefined) {
  return (contentType ?? "").split(";")[0].trim().toLowerCase() === "application/x-www-form-urlencoded";
}

/** The first of these fields that was sent more than once (a tampered post), or null. */
export function duplicatedField(formData: FormData, names: readonly string[]) {
  return names.find((name) => formData.getAll(name).length > 1) ?? null;
}
