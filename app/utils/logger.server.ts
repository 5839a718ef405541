import pino from "pino";
import { getEnv } from "./env.server";

let instance: pino.Logger | undefined;

type ErrorSink = (error: unknown, fields: Record<string, unknown>, message: string | undefined) => void;
// Issue 38: where error lines also go (Sentry, app/services/error-reports.server.ts, when configured).
// On globalThis: the server bundle sets it, the Remix build's logger (a copy of this module) uses it.
const sink = globalThis as typeof globalThis & { __laughErrorSink?: ErrorSink };

/** Every line logged at error or worse is also handed to `report` (one place, every error). */
export function onLoggedError(report: ErrorSink | undefined) {
  sink.__laughErrorSink = report;
}

/** One JSON line per event on stdout (pino): fast, structured, easy to ship. */
export function logger(): pino.Logger {
  instance ??= pino(
    {
      level: process.env.VITEST ? "silent" : getEnv().LOG_LEVEL,
      base: undefined,
      // pino's own "time" (milliseconds since 1970): the ISO text cost a Date and its formatting
      // on every request's line (issue 20); pino-pretty and log viewers show it as a date.
      timestamp: pino.stdTimeFunctions.epochTime,
      hooks: {
        logMethod(args, method, level) {
          const report = sink.__laughErrorSink;
          if (report && level >= 50) {
            const [first, second] = args as unknown[];
            if (first && typeof first === "object" && !(first instanceof Error)) {
              const fields = first as Record<string, unknown>;
              const message = typeof second === "string" ? second : undefined;
              report(fields.err ?? new Error(message ?? "error"), fields, message);
            } else report(first, {}, typeof second === "string" ? second : undefined);
          }
          return method.apply(this, args as Parameters<typeof method>);
        },
      },
    },
    // Written off the request's path: lines that come while a write is under way go out together
    // in the next one (a busy second is a few writes, not one per request); pino writes what is
    // left synchronously when the process exits.
    pino.destination({ dest: 1, sync: false }),
  );
  return instance;
}

/** What the request log (server/pipeline.ts) says of each answered request, at info: one `"request"` line. */
export type RequestLine = { reqId: string; method?: string; path: string; status: number; ms: number };
