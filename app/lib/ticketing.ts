/**
 * The ticketing platform's event id in a ticket URL, for the embedded checkout. Only URLs that
 * name the platform count. Patterns: a trailing "tickets-{digits}", "/e/{digits}", and (on the
 * event page, `lenient`) the id after "/e/" and before "?".
 */
export function eventbriteEventId(
  url: string | null | undefined,
  options: { lenient?: boolean } = {},
): string | null {
  if (!url || !isEventbriteHost(url)) return null;
  const path = url.split("#")[0];
  // Checkout links: /checkout-external?eid=123 and /checkout?eid=123.
  const eid = /[?&]eid=(\d+)/.exec(path);
  if (eid) return eid[1];
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

/**
 * Whether a URL is on the ticketing platform: eventbrite.com, .ca, .co.uk, .com.au and the
 * other country sites, with or without "www." or an organiser's vanity subdomain
 * (laughwindsor.eventbrite.ca). "eventbrite.example.com" is not.
 */
export function isEventbriteHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url.trim()).hostname.toLowerCase();
  } catch {
    return false;
  }
  return /(^|\.)eventbrite\.(com|ca|co\.uk|com\.au|co\.nz|ie|de|fr|es|it|nl|be|at|ch|pt|se|dk|fi|com\.mx|com\.br|com\.ar|cl|co|com\.pe|sg|hk|in)$/.test(
    host,
  );
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
