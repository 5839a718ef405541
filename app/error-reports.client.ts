/**
 * Browser errors to Sentry (issue 38), only when the server sends the settings (SENTRY_DSN is
 * set): the root loader's `errorReports` (DSN, release, environment, and the id of the render
 * that made the page).
 *
 * Loaded only when an error happens: listeners for uncaught errors and rejections are all a page
 * carries; the SDK (@sentry/remix's browser build, a chunk of its own) is fetched with the first
 * error, so a visitor's first visit downloads nothing more. Every event goes through the same
 * scrubber as the server's (no e-mail, password, cookie or form body).
 */
import type * as SentryRemix from "@sentry/remix";
import { scrubErrorEvent } from "~/lib/error-scrub";

type Settings = { dsn: string; release: string; environment: string; requestId: string };

let settings: Settings | null = null;
let sdk: Promise<typeof SentryRemix> | null = null;

function load(config: Settings) {
  sdk ??= import("@sentry/remix").then((Sentry) => {
    Sentry.init({
      dsn: config.dsn,
      release: config.release,
      environment: config.environment,
      sendDefaultPii: false,
      // Only the error itself: no tracing, no replays, no breadcrumbs of clicks or console.
      defaultIntegrations: false,
      integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
      beforeSend: (event) =>
        scrubErrorEvent(event as unknown as Record<string, unknown>) as unknown as typeof event,
    });
    return Sentry;
  });
  return sdk;
}

export function reportBrowserError(error: unknown) {
  const config = settings;
  if (!config || typeof window === "undefined") return;
  void load(config)
    .then((Sentry) =>
      Sentry.captureException(error, {
        tags: { request_id: config.requestId, side: "browser", page: window.location.pathname },
      }),
    )
    .catch(() => {});
}

/** Called once by entry.client with the root loader's settings (null: reports are off). */
export function startBrowserErrorReports(config: Settings | null | undefined) {
  if (!config || settings) return;
  settings = config;
  window.addEventListener("error", (event) => reportBrowserError(event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportBrowserError(event.reason));
}
