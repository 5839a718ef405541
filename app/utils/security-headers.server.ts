import type { ServerResponse } from "node:http";
import helmet from "helmet";

/** The ticketing platform's checkout script and frame, allowed by the CSP. */
export const CHECKOUT_ORIGINS = ["https://www.eventbrite.com", "https://www.eventbrite.ca"];

/** Sets this app's security headers on a response: a page's (the CSP with the request's nonce), or an asset's. */
export type SecurityHeaders = {
  page: (res: ServerResponse, nonce: string) => void;
  asset: (res: ServerResponse) => void;
};

/**
 * Paths whose answers are never documents: the fingerprinted scripts and styles under /build/
 * (a miss there is a plain-text 404, server/index.ts) and the image variants of /img/<name>
 * (an image, or a plain-text refusal). Anything else, /images/ included, may answer a page.
 */
export function isAssetPath(path: string): boolean {
  return path.startsWith("/build/") || /^\/img\/[^/]+$/.test(path);
}

/**
 * Security headers on every response (helmet): a CSP whose inline scripts need this
 * request's nonce, no framing, no MIME sniffing, a strict referrer policy, HSTS in production.
 * Plain functions of the response (server/pipeline.ts calls one for every request, before
 * Express or the fast paths).
 *
 * An asset gets only the headers that act on a script, a style or an image (no sniffing, no
 * embedding by other sites). The others act on the page that loads it (the CSP, framing,
 * permissions, opener, referrer policy; HSTS is learnt from the page): about 900 bytes on each of
 * a page's fifty-odd scripts and images, sent to a phone on a slow link for nothing (issue 16).
 */
export function securityHeaders(production: boolean, reportTo: string[] = []): SecurityHeaders {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
          ...CHECKOUT_ORIGINS,
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for the event form's poster preview (a local file, never a remote one).
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'"],
        // reportTo: the error-report ingest's origin when SENTRY_DSN is set (issue 38).
        connectSrc: ["'self'", ...(production ? [] : ["ws:"]), ...CHECKOUT_ORIGINS, ...reportTo],
        frameSrc: CHECKOUT_ORIGINS,
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: production ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  // Issue 20: helmet's headers are the same on every response but for the nonce, so they are
  // worked out once (helmet run against a stand-in response with a mark for the nonce) and set
  // from that list per request, the CSP with this request's nonce in place of the mark.
  const mark = "Zq9CspNonceMarkXk2Wm7";
  const fixed: [string, string][] = [["Permissions-Policy", PERMISSIONS_POLICY]];
  const standIn = {
    locals: { cspNonce: mark },
    setHeader: (name: string, value: string | number | readonly string[]) =>
      fixed.push([name, String(value)]),
    removeHeader: () => {},
    getHeader: () => undefined,
  };
  let ready = false;
  headers({ method: "GET", url: "/", headers: {} } as never, standIn as never, () => {
    ready = true;
  });
  if (!ready || !fixed.some(([, v]) => v.includes(mark)))
    throw new Error("helmet did not set its headers synchronously");
  const [before, after] = (() => {
    const csp = fixed.find(([, v]) => v.includes(mark))!;
    return [csp[1].slice(0, csp[1].indexOf(mark)), csp[1].slice(csp[1].indexOf(mark) + mark.length)];
  })();
  const asset = fixed.filter(([name]) => ASSET_HEADERS.has(name.toLowerCase()));
  return {
    page: (res, nonce) => {
      for (const [name, value] of fixed)
        res.setHeader(name, value.includes(mark) ? before + nonce + after : value);
    },
    asset: (res) => {
      for (const [name, value] of asset) res.setHeader(name, value);
    },
  };
}

/** The headers that act on a script, a style or an image: the whole of an asset's set. */
const ASSET_HEADERS = new Set(["x-content-type-options", "cross-origin-resource-policy"]);

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), interest-cohort=()";
