// Its own module (not in the event form's schema file): the public pages' browser code uses it
// through sanitize.ts, and the form schemas would bring zod with them.
import { hasUnsafeUrlCharacter, isSitePath } from "./site-path";

/**
 * The rule of every stored link: an http(s) URL, or (image fields, page links) a site path
 * such as /images/x.svg under the one site-path rule (site-path.ts). Neither may hold white
 * space, control characters or a backslash anywhere: the browser and the server would not
 * read the same address.
 */
export function isWebUrl(value: string, allowSitePath = false): boolean {
  if (value.startsWith("/")) return allowSitePath && isSitePath(value);
  if (hasUnsafeUrlCharacter(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
