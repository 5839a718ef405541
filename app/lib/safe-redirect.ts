/**
 * A same-site path to go back to after login, or the fallback (open-redirect protection).
 *
 * Browsers are generous with what they treat as "another site": the WHATWG URL parser drops
 * tabs and newlines anywhere ("/\t/evil" is "//evil"), reads "\" as "/", and a path
 * percent-decoded by a later hop could turn "/%2F/evil" into "//evil". So the target is
 * refused when, raw OR after percent-decoding, it contains any control character or
 * backslash, or does not start with exactly one "/"; and finally it must resolve, as a
 * browser would, to this very origin.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;
const ORIGIN = "http://same-site.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string" || to.length > 2000) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  for (const candidate of [to, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//") || UNSAFE.test(candidate)) return fallback;
  }
  try {
    if (new URL(to, ORIGIN).origin !== ORIGIN) return fallback;
  } catch {
    return fallback;
  }
  return to;
}
