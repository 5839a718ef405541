import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Every budget of the site, in one module: named in-memory limiters (one process, one
 * machine: memory is the right store). Budgets are per key per window; callers choose the
 * key (IP, e-mail, device, username). Two ways to spend:
 * - `consume`: one point per request (public forms, votes);
 * - `reserveAttempt`: guessing a secret (see ATTEMPT_LIMITS), where only failures count.
 */
const RATE_LIMITS = {
  /** Public forms (contact, application, newsletter, waitlist), per form and IP. */
  publicForm: { points: 10, duration: 10 * 60 },
  /** Votes: a whole room shares one venue IP, so the IP budget is generous... */
  voteIp: { points: 2000, duration: 10 * 60 },
  /** ...and the per-device and per-e-mail budgets are strict. */
  voteDevice: { points: 12, duration: 10 * 60 },
  voteEmail: { points: 6, duration: 10 * 60 },
} as const;

/**
 * Budgets for guessing a secret (staff login, the /booking and /results passwords, room codes).
 *
 * The rule: a point is spent on every key BEFORE the secret is compared, in one synchronous
 * step (rate-limiter-flexible's memory store increments inside `consume` before its promise
 * settles, and `reserve` calls every `consume` without awaiting in between). An attempt over
 * budget is refused without comparing anything, and N parallel guesses can never get more
 * than the budget's worth of comparisons. A correct secret gives its points back, so only
 * failures count in the end; a wrong one keeps them.
 *
 * Who is counted under which key is the caller's choice (see login and gate.server.ts): an
 * untrusted browser is counted per IP and per account/gate; a browser holding a trusted-device
 * cookie for that account/gate only under its own device key, so strangers' failures never
 * lock it out (OWASP "device cookies").
 */
export const ATTEMPT_LIMITS = {
  /** Staff login from a browser that has not signed in as this user before: per IP... */
  loginIp: { points: 20, duration: 15 * 60 },
  /** ...and per username (the lockout strangers can trigger, which trusted devices skip). */
  loginUser: { points: 8, duration: 15 * 60 },
  /** Staff login from a browser holding this user's device cookie: per device and user. */
  loginDevice: { points: 8, duration: 15 * 60 },
  /** Shared gate passwords, untrusted browsers: per gate and IP... */
  gateIp: { points: 10, duration: 10 * 60 },
  /** ...and per gate from everywhere (guesses spread over many addresses). */
  gateAll: { points: 100, duration: 10 * 60 },
  /** A browser that has unlocked this gate before: per gate and device. */
  gateDevice: { points: 10, duration: 10 * 60 },
  /** Wrong room codes per round and device... */
  roomCodeDevice: { points: 10, duration: 10 * 60 },
  /** ...and per round and IP (a whole room shares one, so it is generous). */
  roomCodeIp: { points: 200, duration: 10 * 60 },
} as const;

const LIMITS = { ...RATE_LIMITS, ...ATTEMPT_LIMITS } as const;

export type LimitName = keyof typeof RATE_LIMITS;
export type AttemptLimit = keyof typeof ATTEMPT_LIMITS;
export type AttemptKey = readonly [AttemptLimit, string];

/** A key's count and the end of its window; `key` is the Map's key, for the queue below. */
type Entry = { key: string; value: number; expiresAt: number | null };
/** Expired keys dropped per operation at most (the oldest first): constant work per request. */
const SWEEP_PER_CALL = 64;
/**
 * Keys one budget keeps at most. A night's room is hundreds of voters (the vote budgets' window
 * is 10 minutes); a flood of distinct addresses, devices or e-mails (IPv6 gives anyone millions)
 * must not grow the heap until the process dies. When full, the key whose window ends first is
 * forgotten: under such a flood a budget can restart early (more lenient, never stricter; the
 * database's one-vote rules do not depend on it), and the site stays up. About 190 bytes a key
 * at the cap, its place in the queue included (measured with tests/unit/rate-limit-memory.test.ts),
 * so about 1 MB per budget. 20,000
 * kept the three vote budgets at 8 MB of live heap under the bench's invented voters (issue 20).
 */
export const MAX_KEYS_PER_BUDGET = 5_000;

/**
 * The key as one flat string of its own. The library builds "prefix:key" by concatenation, and
 * V8 keeps such a string as a pair that holds its own copy of the prefix: about 80 bytes more
 * a key. `normalize()` returns a flat copy; where NFC would change the text (a non-ASCII
 * e-mail), the key is kept as it is, so the store never merges two keys.
 */
function ownKey(key: string) {
  const flat = key.normalize();
  return flat === key ? flat : key;
}

/**
 * The store behind every budget: rate-limiter-flexible's memory store, without its timer per
 * key. Issue 20: that store arms a setTimeout for each key to delete it when its window ends,
 * about 600 bytes a key (measured: `node --expose-gc`, 50,000 keys); a busy night's voters
 * (a device and an e-mail key each) held about 28 MB of the 96 MB heap, and the collector's
 * work on a nearly full heap showed as slow answers for everyone. Here a key is a number and an
 * expiry time in a Map, with a queue of the entries in the order their windows end (each limiter
 * has one window; a key whose window restarts gets a new entry at the end, and its old one is
 * skipped). Each call drops up to SWEEP_PER_CALL entries from the queue's front.
 *
 * The queue is an array, not the Map's own order: a Map whose oldest key is deleted on every new
 * key keeps the deleted slots until it is rebuilt, and reaching its front walked over them, about
 * 9 µs a call at the cap (three calls a vote post); with the queue it is a fraction of a µs.
 * Same interface and the same synchronous check-and-increment as the library's store.
 */
export class LeanMemoryStorage {
  readonly _storage = new Map<string, Entry>();
  /** Entries in the order their windows end, from `head` on; one no longer in the Map is stale. */
  private queue: Entry[] = [];
  private head = 0;

  incrby(key: string, value: number, durationSec: number) {
    this.sweep();
    const entry = this._storage.get(key);
    const now = Date.now();
    if (entry && (entry.expiresAt === null || entry.expiresAt > now)) {
      entry.value += value;
      return new RateLimiterRes(0, entry.expiresAt === null ? -1 : entry.expiresAt - now, entry.value, false);
    }
    return this.set(key, value, durationSec);
  }

  set(key: string, value: number, durationSec: number) {
    const ms = durationSec * 1000;
    this.keep(key, value, ms > 0 ? Date.now() + ms : null);
    return new RateLimiterRes(0, ms > 0 ? ms : -1, Math.trunc(value), true);
  }

  get(key: string) {
    this.sweep();
    const entry = this._storage.get(key);
    if (!entry) return null;
    const left = entry.expiresAt === null ? -1 : entry.expiresAt - Date.now();
    if (entry.expiresAt !== null && left <= 0) return null;
    return new RateLimiterRes(0, left, entry.value, false);
  }

  delete(key: string) {
    return this._storage.delete(key);
  }

  /** As the library's store (its `restore` of a `dump`). */
  _restoreRecord(key: string, value: number, expiresAt: number | null) {
    if (expiresAt !== null && !(expiresAt > Date.now())) return;
    this.keep(key, value, expiresAt);
  }

  /** Stores a key at the end (its window is the newest), within MAX_KEYS_PER_BUDGET. */
  private keep(key: string, value: number, expiresAt: number | null) {
    if (!this._storage.has(key) && this._storage.size >= MAX_KEYS_PER_BUDGET) this.forgetOldest();
    const entry: Entry = { key: ownKey(key), value: Math.trunc(value), expiresAt };
    this._storage.set(entry.key, entry);
    this.queue.push(entry);
  }

  private isCurrent(entry: Entry) {
    return this._storage.get(entry.key) === entry;
  }

  private forgetOldest() {
    while (this.head < this.queue.length) {
      const entry = this.take();
      if (this.isCurrent(entry)) {
        this._storage.delete(entry.key);
        return;
      }
    }
  }

  /** Drops expired keys from the front, SWEEP_PER_CALL queue entries at most (stale ones too). */
  private sweep() {
    const now = Date.now();
    for (let seen = 0; seen < SWEEP_PER_CALL && this.head < this.queue.length; seen++) {
      const entry = this.queue[this.head];
      const current = this.isCurrent(entry);
      if (current && (entry.expiresAt === null || entry.expiresAt > now)) break;
      this.take();
      if (current) this._storage.delete(entry.key);
    }
  }

  /** The front entry, off the queue; the array is cut once its taken half is the larger. */
  private take() {
    const entry = this.queue[this.head++];
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return entry;
  }
}

/** rate-limiter-flexible's memory limiter on the lean store above. */
class LeanRateLimiter extends RateLimiterMemory {
  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0]) {
    super(options);
    const self = this as unknown as { _memoryStorage?: unknown };
    // tests/unit/rate-limit-memory.test.ts fails if a new version of the library renames it.
    if (!("_memoryStorage" in self)) throw new Error("rate-limiter-flexible: memory store not found");
    self._memoryStorage = new LeanMemoryStorage();
  }
}

const limiters = new Map<keyof typeof LIMITS, RateLimiterMemory>();
function limiter(name: keyof typeof LIMITS) {
  let l = limiters.get(name);
  if (!l) {
    l = new LeanRateLimiter({ keyPrefix: name, ...LIMITS[name] });
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

export type Reservation =
  | { ok: true; settle: (success: boolean) => Promise<void> }
  | { ok: false; retryAfterSeconds: number; limit: AttemptLimit };

/**
 * Spends a point on every key now; refuses (and gives back the points it took) when any key
 * is over budget. Call `settle(true)` after a correct secret, `settle(false)` after a wrong one.
 */
export async function reserveAttempt(keys: readonly AttemptKey[]): Promise<Reservation> {
  // Every consume runs its check-and-increment synchronously, here, in this loop.
  const pending = keys.map(([name, key]) => limiter(name).consume(key));
  const results = await Promise.allSettled(pending);
  let refusedBy: { limit: AttemptLimit; ms: number } | null = null;
  results.forEach((r, i) => {
    if (r.status === "rejected") {
      if (!(r.reason instanceof RateLimiterRes)) throw r.reason;
      if (!refusedBy || r.reason.msBeforeNext > refusedBy.ms)
        refusedBy = { limit: keys[i][0], ms: r.reason.msBeforeNext };
    }
  });
  if (refusedBy) {
    const { limit, ms } = refusedBy as { limit: AttemptLimit; ms: number };
    // An attempt that is refused was never made: every key gets its point back (a key over
    // budget stays over it, since each refused consume went above the budget first).
    await Promise.all(keys.map(([name, key]) => limiter(name).reward(key)));
    return { ok: false, limit, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }
  let settled = false;
  return {
    ok: true,
    async settle(success) {
      if (settled) return;
      settled = true;
      if (success) await Promise.all(keys.map(([name, key]) => limiter(name).reward(key)));
    },
  };
}

/** Points spent on a key in its current window (tests and the attack report). */
export async function spent(name: AttemptLimit, key: string) {
  return (await limiter(name).get(key))?.consumedPoints ?? 0;
}

/** Forgets every budget (unit tests). */
export function resetAttemptBudgets() {
  limiters.clear();
}

/** "Try again in 3 minutes." */
export function retryText(seconds: number) {
  if (seconds < 60) return `Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
