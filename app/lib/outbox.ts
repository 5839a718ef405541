/**
 * The outbox delivery rules: when a failed message is tried again and when it is given up.
 * Pure: the sender (app/services/outbox-sender.server.ts) applies them.
 */
export const OUTBOX_DEFAULTS = {
  /** First retry after this; each further failure doubles it. */
  retryBaseMs: 30_000,
  /** Never wait longer than this between tries. */
  retryCapMs: 60 * 60 * 1000,
  /** With the defaults, about a day and a half of SMTP outage before a message is given up. */
  maxAttempts: 40,
  /** A claimed row belongs to its sender this long; a crashed sender's rows come back after it. */
  leaseMs: 2 * 60 * 1000,
};

/** Delay before the next try after `attempts` failed tries (exponential, capped, no jitter: one sender). */
export function backoffMs(
  attempts: number,
  base = OUTBOX_DEFAULTS.retryBaseMs,
  cap = OUTBOX_DEFAULTS.retryCapMs,
) {
  const exp = Math.max(0, attempts - 1);
  return Math.min(cap, base * 2 ** Math.min(exp, 30));
}

/**
 * A 5xx answer to the message (a refused address) will not get better: give up at once.
 * Connection failures, timeouts and 4xx answers are temporary: try again later.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export type FailureDecision = { status: "pending"; nextAttemptAt: Date } | { status: "failed" };

export function afterFailure(
  error: unknown,
  attempts: number,
  now: Date,
  options: { retryBaseMs?: number; retryCapMs?: number; maxAttempts?: number } = {},
): FailureDecision {
  const max = options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
  if (isPermanentFailure(error) || attempts >= max) return { status: "failed" };
  return {
    status: "pending",
    nextAttemptAt: new Date(now.getTime() + backoffMs(attempts, options.retryBaseMs, options.retryCapMs)),
  };
}
