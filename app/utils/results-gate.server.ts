import crypto from "node:crypto";
import { getEnv } from "./env.server";

/** Compares the shared results password in constant time. */
export function isResultsPassword(candidate: string): boolean {
  const expected = crypto.createHash("sha256").update(getEnv().RESULTS_PASSWORD).digest();
  const given = crypto.createHash("sha256").update(candidate).digest();
  return crypto.timingSafeEqual(expected, given);
}
