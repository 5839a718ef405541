/**
 * Is this request line and Host something the site answers? Checked by the server before
 * Remix (which answers 500 to some of these): anything refused here gets a plain 400.
 *
 * - The target must be origin-form ("/path?query"): absolute-form ("http://host/") is for
 *   proxies, "*" (OPTIONS *) asks about the server, not a page.
 * - Path and query must be valid percent-encoding, and decode to no control characters and
 *   no backslash (a "\" is turned into "/" by browsers: a redirect trick).
 * - Host must be a lower-case name or address with an optional port (1–65535): browsers
 *   always send it so; anything else (upper case, user info, a path, an empty value) is
 *   forged, and Host becomes part of cache keys and absolute links.
 */
export type TargetProblem = string | null;

// C0 controls and DEL. Tab and newline included: WHATWG URL parsing silently drops them.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** decodeURIComponent that answers null instead of throwing. */
function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function requestTargetProblem(target: string): TargetProblem {
  if (target === "*") return "asterisk-form target";
  if (!target.startsWith("/")) return "absolute-form target";
  if (target.startsWith("//")) return "target starting with //";
  if (target.includes("\\")) return "backslash in target";
  const q = target.indexOf("?");
  const path = q === -1 ? target : target.slice(0, q);
  const query = q === -1 ? "" : target.slice(q + 1);
  const decodedPath = decode(path);
  if (decodedPath === null) return "bad percent-encoding in path";
  if (CONTROL.test(decodedPath) || decodedPath.includes("\\")) return "control character in path";
  if (query) {
    for (const pair of query.split("&")) {
      const decoded = decode(pair.replace(/\+/g, " "));
      if (decoded === null) return "bad percent-encoding in query";
      if (CONTROL.test(decoded)) return "control character in query";
    }
  }
  return null;
}

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

export function hostProblem(host: string | undefined): TargetProblem {
  if (!host) return "no Host";
  const m = HOST.exec(host);
  if (!m) return "malformed Host";
  if (m[1] !== undefined) {
    const port = Number(m[1]);
    if (port < 1 || port > 65535) return "Host port out of range";
  }
  return null;
}
