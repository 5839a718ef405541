import pino from "pino";
import { getEnv } from "./env.server";

let instance: pino.Logger | undefined;

/** One JSON line per event on stdout (pino): fast, structured, easy to ship. */
export function logger(): pino.Logger {
  instance ??= pino({
    level: process.env.VITEST ? "silent" : getEnv().LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  });
  return instance;
}
