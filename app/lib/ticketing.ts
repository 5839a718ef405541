/**
 * The ticketing platform's event id in a ticket URL, for the embedded checkout. Only URLs that
 * name the platform count. Patterns: a trailing "tickets-{digits}", "/e/{digits}", and (on the
 * event page, `lenient`) the id after "/e/" and before "?".
 */
export function eventbriteEventId(url: string | null | undefined, options: { lenient?: boolean } = {}): string | null {
  if (!url || !/eventbrite/i.test(url)) return null;
  const path = url.split("#")[0];
  const noQuery = path.split("?")[0].replace(/\/+$/, "");
  let m = /tickets-(\d+)$/.exec(noQuery);
  if (m) return m[1];
  m = /\/e\/(\d+)(?:[/?#]|$)/.exec(path);
  if (m) return m[1];
  if (options.lenient) {
    m = /\/e\/([^?#]+)/.exec(path);
    if (m) {
      const digits = /(\d+)\/?$/.exec(m[1]);
      if (digits) return digits[1];
    }
  }
  return null;
}

export const CHECKOUT_ERRORS = {
  https: "Eventbrite checkout requires HTTPS for security reasons.",
  missing: "Could not load Eventbrite checkout widget.",
  failed: "Failed to load Eventbrite checkout widget.",
} as const;

/** The embedded checkout only runs on a secure page; this is the message shown otherwise. */
export function checkoutBlockedReason(protocol: string): string | null {
  return protocol === "https:" ? null : CHECKOUT_ERRORS.https;
}
