import pino from "pino";
import { getEnv } from "./env.server";

let instance: pino.Logger | undefined;

/** One JSON line per event on stdout (pino): fast, structured, easy to ship. */
export function logger(): pino.Logger {
  instance ??= pino(
    {
      level: process.env.VITEST ? "silent" : getEnv().LOG_LEVEL,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    // Written off the request's path: lines that come while a write is under way go out together
    // in the next one (a busy second is a few writes, not one per request); pino writes what is
    // left synchronously when the process exits.
    pino.destination({ dest: 1, sync: false }),
  );
  return instance;
}
