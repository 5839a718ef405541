import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Named in-memory limiters (one process, one machine: memory is the right store).
 * Budgets are per key per window; callers choose the key (IP, e-mail, device, username).
 */
const LIMITS = {
  /** Staff login: per IP and per username. */
  loginIp: { points: 20, duration: 15 * 60 },
  loginUser: { points: 8, duration: 15 * 60 },
  /** Shared-password gates (/booking, /results), per IP. */
  gate: { points: 15, duration: 10 * 60 },
  /** Public forms (contact, application, newsletter), per IP. */
  publicForm: { points: 10, duration: 10 * 60 },
  /** Votes: a whole room shares one venue IP, so the IP budget is generous... */
  voteIp: { points: 2000, duration: 10 * 60 },
  /** ...and the per-device and per-e-mail budgets are strict. */
  voteDevice: { points: 12, duration: 10 * 60 },
  voteEmail: { points: 6, duration: 10 * 60 },
} as const;

export type LimitName = keyof typeof LIMITS;

const limiters = new Map<LimitName, RateLimiterMemory>();

function limiter(name: LimitName) {
  let l = limiters.get(name);
  if (!l) {
    l = new RateLimiterMemory({ keyPrefix: name, ...LIMITS[name] });
    limiters.set(name, l);
  }
  return l;
}

export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Spends one point; says whether the caller is within budget. */
export async function consume(name: LimitName, key: string): Promise<LimitResult> {
  try {
    await limiter(name).consume(key);
    return { ok: true };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
    }
    throw error;
  }
}

/**
 * For budgets that count only failures (login, gates): says whether the key is already
 * blocked without spending a point; call `consume` when the attempt fails.
 */
export async function peek(name: LimitName, key: string): Promise<LimitResult> {
  const state = await limiter(name).get(key);
  if (state && state.consumedPoints >= LIMITS[name].points) {
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
  }
  return { ok: true };
}

/** Forgets a key (e.g. the username after a successful login). */
export async function reset(name: LimitName, key: string) {
  await limiter(name).delete(key);
}

/** "Try again in 3 minutes." */
export function retryText(seconds: number) {
  if (seconds < 60) return `Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
