/**
 * Errors that reach someone (issue 38): Sentry through `@sentry/remix`, only when SENTRY_DSN is
 * set; without it nothing is loaded and nothing is sent anywhere.
 *
 * Kept small for a small machine: the SDK is loaded on start only when configured, without its
 * OpenTelemetry tracing and HTTP instrumentation (no per-request work on the vote paths); every
 * line the log writes at error level is reported (logger.server.ts `onLoggedError`: a loader,
 * action or render error, a failed write, an unhandled error), with the request id of that line
 * and the release, and so is an uncaught exception. Every event goes through
 * `scrubErrorEvent` (no e-mail, password, cookie or form body), with `sendDefaultPii: false`.
 */
import type * as SentryRemix from "@sentry/remix";
import { scrubErrorEvent } from "~/lib/error-scrub";
import type { Env } from "~/utils/env.server";
import { onLoggedError } from "~/utils/logger.server";

type Sentry = typeof SentryRemix;
type State = { sdk: Promise<Sentry>; public: PublicErrorReports };
/** What the browser gets (a DSN is public by design: browsers send with it). */
export type PublicErrorReports = { dsn: string; release: string; environment: string };

// One per process: the server bundle starts it, the Remix build's copy of this module reports.
const holder = globalThis as typeof globalThis & { __laughErrorReports?: State };

/** Integrations kept: none of them runs per request. */
const KEPT = new Set([
  "InboundFilters",
  "FunctionToString",
  "LinkedErrors",
  "Dedupe",
  "OnUncaughtException",
  "OnUnhandledRejection",
  "ContextLines",
  "Context",
]);

export function startErrorReports(
  env: Pick<Env, "SENTRY_DSN" | "SENTRY_ENVIRONMENT" | "SENTRY_RELEASE">,
  buildVersion: string,
) {
  if (!env.SENTRY_DSN || holder.__laughErrorReports) return false;
  const release = env.SENTRY_RELEASE ?? `laugh-windsor@${buildVersion}`;
  const dsn = env.SENTRY_DSN;
  const sdk = import("@sentry/remix").then((Sentry) => {
    Sentry.init({
      dsn,
      release,
      environment: env.SENTRY_ENVIRONMENT,
      sendDefaultPii: false,
      skipOpenTelemetrySetup: true,
      integrations: (defaults) => defaults.filter((i) => KEPT.has(i.name)),
      beforeSend: (event) =>
        scrubErrorEvent(event as unknown as Record<string, unknown>) as unknown as typeof event,
      beforeBreadcrumb: (crumb) => (crumb.category === "console" ? null : crumb),
    });
    return Sentry;
  });
  holder.__laughErrorReports = { sdk, public: { dsn, release, environment: env.SENTRY_ENVIRONMENT } };
  // Whatever the log calls an error (a loader, action or render error, a failed write, a sync
  // that threw, an unhandled error) is reported with the request id of its line.
  onLoggedError((error, fields, message) =>
    reportError(error instanceof Error ? error : new Error(message ?? String(error)), {
      id: typeof fields.reqId === "string" ? fields.reqId : undefined,
      method: typeof fields.method === "string" ? fields.method : undefined,
      url:
        typeof fields.path === "string"
          ? fields.path
          : typeof fields.url === "string"
            ? fields.url
            : undefined,
      message,
    }),
  );
  return true;
}

/** The browser's settings, or null while reports are off. */
export function publicErrorReports(): PublicErrorReports | null {
  return holder.__laughErrorReports?.public ?? null;
}

/** Reports one error with its request (id, method, path without the query); nothing when off. */
export function reportError(
  error: unknown,
  request: { id?: string; method?: string; url?: string; message?: string } = {},
) {
  const state = holder.__laughErrorReports;
  if (!state) return;
  const path = request.url ? request.url.replace(/^https?:\/\/[^/]+/, "").split(/[?#]/)[0] : undefined;
  void state.sdk
    .then((Sentry) =>
      Sentry.captureException(error, {
        tags: { request_id: request.id ?? "none", side: "server" },
        contexts: { request: { method: request.method, path }, log: { message: request.message } },
      }),
    )
    .catch(() => {});
}

/** Sends what is queued (on shutdown), at most `ms`. */
export async function flushErrorReports(ms = 2_000) {
  const state = holder.__laughErrorReports;
  if (!state) return;
  await state.sdk.then((Sentry) => Sentry.flush(ms)).catch(() => {});
}
