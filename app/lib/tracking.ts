import { isEventbriteHost } from "./ticketing";

/**
 * Each comic's draw (issue 41): every comedian has a tracking code, passed to the ticketing
 * platform's checkout as `aff=` (Eventbrite's tracking links); the platform records it on every
 * ticket bought through it (the attendee's `affiliate`), and the site counts them per comic and
 * show. The code is made from the comedian's id, so it never changes when a name or slug does,
 * and links shared last month still count.
 */
const PREFIX = "lw-comic-";
const CODE = /^lw-comic-([1-9]\d{0,9})$/;

export function trackingCodeOf(comedianId: number): string {
  return `${PREFIX}${comedianId}`;
}

/** The comedian a code belongs to, or null (anything else, from a URL or the platform). */
export function comedianIdOfCode(code: string | null | undefined): number | null {
  const m = CODE.exec(code?.trim() ?? "");
  return m ? Number(m[1]) : null;
}

/** A code from a page's `?aff=`, only when it is one of ours (never echo arbitrary text into links). */
export function trackingCodeParam(params: URLSearchParams): string | null {
  const code = params.get("aff");
  return code && comedianIdOfCode(code) !== null ? code : null;
}

/** The platform's ticket link with the code as `aff=` (other links are left as they are). */
export function withAffiliate(ticketUrl: string | null, code: string | null): string | null {
  if (!ticketUrl || !code || !isEventbriteHost(ticketUrl)) return ticketUrl;
  const url = new URL(ticketUrl);
  url.searchParams.set("aff", code);
  return url.href;
}

/** A page of the site with the code kept, so that its ticket links carry it (a comic's share link). */
export function sharePath(path: string, code: string): string {
  const [base, hash] = path.split("#");
  const sep = base.includes("?") ? "&" : "?";
  return `${base}${sep}aff=${encodeURIComponent(code)}${hash ? `#${hash}` : ""}`;
}
