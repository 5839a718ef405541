/**
 * The one "site path" rule (issue 39): a path on this site that every stored link and image
 * field, and the redirect after login, accept. Browsers are generous with what they treat as
 * another site: the WHATWG URL parser drops tabs and newlines anywhere ("/\t/evil" is
 * "//evil"), reads "\" as "/" (a comedian photo of "/\host/x.png" loaded from that host), and a
 * later hop may percent-decode "/%2F/evil" into "//evil". So a site path:
 *
 * - starts with exactly one "/", raw and after percent-decoding;
 * - holds no backslash, no control character and no white space (Unicode's too: U+2028, U+3000,
 *   the bidi and zero-width marks), raw or percent-decoded;
 * - is written in visible ASCII (anything else percent-encoded: a Location header cannot carry
 *   "/。", which answered 500 for signed-in staff);
 * - and resolves, as a browser would, to this very origin.
 *
 * Pure and free of libraries: the public pages' browser code uses it (through web-url.ts).
 */
const UNSAFE =
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]/;
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;
const ORIGIN = "http://same-site.invalid";
/** Longer than any path the site makes. */
export const SITE_PATH_MAX = 2000;

export function isSitePath(value: unknown): boolean {
  if (typeof value !== "string" || value.length === 0 || value.length > SITE_PATH_MAX) return false;
  if (!VISIBLE_ASCII.test(value)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//") || UNSAFE.test(candidate)) return false;
  }
  try {
    return new URL(value, ORIGIN).origin === ORIGIN;
  } catch {
    return false;
  }
}

/** Characters no stored link may hold, wherever they are (the same list as site paths). */
export function hasUnsafeUrlCharacter(value: string): boolean {
  return UNSAFE.test(value);
}
