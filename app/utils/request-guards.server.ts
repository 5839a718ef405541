import { HONEYPOT_FIELD_NAME } from "~/lib/forms/honeypot";

/**
 * The origin rule (CSRF): a write must come from this site. Browsers send Origin on every
 * POST; when it is absent, Referer must be ours; when both are absent, refuse. With
 * SameSite=Lax session cookies this closes cross-site form posts.
 *
 * Checked in ONE place: `bounds` in server/pipeline.ts, for every write before anything reads
 * its body (Remix routes and the server's fast paths alike), answering 403. No action checks
 * it again.
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

/**
 * Would Remix's own CSRF check let this write through? The same rule as
 * `throwIfPotentialCSRFAttack` (@remix-run/server-runtime, actions.js): when Origin is sent, its
 * host must equal the first X-Forwarded-Host, else Host, exactly as written. Remix answers a
 * failure with a 500 (and an error-level log line); the server asks first and answers 403
 * (issue 39: `Host: 127.0.0.1:80` with Origin `http://127.0.0.1:80`, an X-Forwarded-Host of
 * another site, `Host: [::ffff:127.0.0.1]:PORT`: each passes isSameSiteWrite, Remix refused it).
 * tests/unit/utils/request-guards.test.ts checks both agree on every shape.
 */
export function passesRemixOriginCheck(input: {
  origin: string | null | undefined;
  forwardedHost: string | null | undefined;
  host: string | null | undefined;
}): boolean {
  const { origin } = input;
  // No Origin: Remix checks nothing. An empty one: its `new URL("")` throws (a 500).
  if (origin === null || origin === undefined) return true;
  let originHost = origin;
  if (origin !== "null") {
    try {
      originHost = new URL(origin).host;
    } catch {
      return false;
    }
  }
  const forwarded = input.forwardedHost?.split(",")[0]?.trim();
  const host = forwarded || input.host;
  return Boolean(host) && originHost === host;
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
