import type { RequestHandler } from "express";
import helmet from "helmet";

/** The ticketing platform's checkout script and frame, allowed by the CSP. */
export const CHECKOUT_ORIGINS = ["https://www.eventbrite.com", "https://www.eventbrite.ca"];

/**
 * Security headers on every response (helmet): a CSP whose inline scripts need this
 * request's nonce, no framing, no MIME sniffing, a strict referrer policy, HSTS in production.
 */
export function securityHeaders(production: boolean): RequestHandler {
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
        connectSrc: ["'self'", ...(production ? [] : ["ws:"]), ...CHECKOUT_ORIGINS],
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
  }) as unknown as RequestHandler;
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), interest-cohort=()";
