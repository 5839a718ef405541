// Its own module (not in the event form's schema file): the public pages' browser code uses it
// through sanitize.ts, and the form schemas would bring zod with them.

/** Accepts http(s) URLs; image URLs may also be site paths such as /images/x.svg. */
export function isWebUrl(value: string, allowSitePath = false): boolean {
  if (allowSitePath && value.startsWith("/") && !value.startsWith("//")) return true;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
