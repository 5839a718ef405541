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

/**
 * A key's count and the end of its window; `key` is the Map's key, for the queues below.
 * `spent` is set once the count reached the budget (see `forgetOne`).
 */
type Entry = { key: string; value: number; expiresAt: number | null; spent: boolean };
/** Expired keys dropped per operation at most (the oldest first): constant work per request. */
const SWEEP_PER_CALL = 64;
/**
 * Keys one budget keeps at most. A night's room is hundreds of voters (the vote budgets' window
 * is 10 minutes); a flood of distinct addresses, devices or e-mails (IPv6 gives anyone millions)
 * must not grow the heap until the process dies. When full, a key is forgotten, and which one
 * matters (issue 39: 5,200 made-up usernames made the login budget forget a locked account):
 * the key whose window ends first AMONG THE KEYS STILL UNDER THEIR BUDGET. A key that has
 * spent its budget is forgotten only when every kept key has (a flood must first lock out
 * 5,000 keys of its own). Forgetting an under-budget key can only be more lenient for that
 * key, never stricter; the database's one-vote rules do not depend on it. About 190 bytes a key
 * at the cap, its place in a queue included (measured with tests/unit/rate-limit-memory.test.ts),
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
 * Entries in the order their windows end (each limiter has one window, so the order they were
 * added in), read from `head`; the array is cut once its read half is the larger.
 */
class EntryQueue {
  private items: Entry[] = [];
  private head = 0;
  push(entry: Entry) {
    this.items.push(entry);
  }
  peek(): Entry | undefined {
    return this.items[this.head];
  }
  take(): Entry | undefined {
    const entry = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return entry;
  }
}

/**
 * The store behind every budget: rate-limiter-flexible's memory store, without its timer per
 * key. Issue 20: that store arms a setTimeout for each key to delete it when its window ends,
 * about 600 bytes a key (measured: `node --expose-gc`, 50,000 keys); a busy night's voters
 * (a device and an e-mail key each) held about 28 MB of the 96 MB heap, and the collector's
 * work on a nearly full heap showed as slow answers for everyone. Here a key is a number and an
 * expiry time in a Map, with queues of the entries in the order their windows end (a key whose
 * window restarts gets a new entry at the end, and its old one is skipped). Each call drops up
 * to SWEEP_PER_CALL expired entries from the queues' fronts.
 *
 * Two queues (issue 39): keys under their budget, and keys that have spent it (`points`, the
 * limiter's budget; a key moves to the second queue the moment its count reaches it). At the
 * cap the first queue is forgotten from first, so a flood of fresh keys never flushes a locked one.
 *
 * The queues are arrays, not the Map's own order: a Map whose oldest key is deleted on every new
 * key keeps the deleted slots until it is rebuilt, and reaching its front walked over them, about
 * 9 µs a call at the cap (three calls a vote post); with the queue it is a fraction of a µs.
 * Same interface and the same synchronous check-and-increment as the library's store.
 */
export class LeanMemoryStorage {
  readonly _storage = new Map<string, Entry>();
  private under = new EntryQueue();
  private spentQueue = new EntryQueue();

  /** `points`: the budget of the limiter this store serves (a key at it is "spent"). */
  constructor(private readonly points = Number.POSITIVE_INFINITY) {}

  incrby(key: string, value: number, durationSec: number) {
    this.sweep();
    const entry = this._storage.get(key);
    const now = Date.now();
    if (entry && (entry.expiresAt === null || entry.expiresAt > now)) {
      entry.value += value;
      this.markIfSpent(entry);
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
    const entry = this.current(key);
    if (!entry) return null;
    const left = entry.expiresAt === null ? -1 : entry.expiresAt - Date.now();
    return new RateLimiterRes(0, left, entry.value, false);
  }

  /**
   * The key's count and the ms left in its window, or null (no key, or its window ended).
   * Reads only: creates nothing (issue 39: a refused attempt must not create a key).
   */
  peek(key: string): { value: number; msLeft: number } | null {
    const entry = this.current(key);
    if (!entry) return null;
    return { value: entry.value, msLeft: entry.expiresAt === null ? -1 : entry.expiresAt - Date.now() };
  }

  delete(key: string) {
    return this._storage.delete(key);
  }

  /** As the library's store (its `restore` of a `dump`). */
  _restoreRecord(key: string, value: number, expiresAt: number | null) {
    if (expiresAt !== null && !(expiresAt > Date.now())) return;
    this.keep(key, value, expiresAt);
  }

  private current(key: string) {
    this.sweep();
    const entry = this._storage.get(key);
    if (!entry) return null;
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) return null;
    return entry;
  }

  /** Stores a key at the end (its window is the newest), within MAX_KEYS_PER_BUDGET. */
  private keep(key: string, value: number, expiresAt: number | null) {
    if (!this._storage.has(key) && this._storage.size >= MAX_KEYS_PER_BUDGET) this.forgetOne();
    const entry: Entry = { key: ownKey(key), value: Math.trunc(value), expiresAt, spent: false };
    this._storage.set(entry.key, entry);
    this.under.push(entry);
    this.markIfSpent(entry);
  }

  /** A key whose count reached the budget joins the spent queue (once; it stays there). */
  private markIfSpent(entry: Entry) {
    if (entry.spent || entry.value < this.points) return;
    entry.spent = true;
    this.spentQueue.push(entry);
  }

  private isCurrent(entry: Entry) {
    return this._storage.get(entry.key) === entry;
  }

  /** At the cap: the under-budget key whose window ends first; a spent one only when none is left. */
  private forgetOne() {
    for (let entry = this.under.take(); entry; entry = this.under.take()) {
      if (this.isCurrent(entry) && !entry.spent) {
        this._storage.delete(entry.key);
        return;
      }
    }
    for (let entry = this.spentQueue.take(); entry; entry = this.spentQueue.take()) {
      if (this.isCurrent(entry)) {
        this._storage.delete(entry.key);
        return;
      }
    }
  }

  /** Drops expired keys from the queues' fronts, SWEEP_PER_CALL entries at most (stale ones too). */
  private sweep() {
    const now = Date.now();
    let seen = 0;
    for (const queue of [this.under, this.spentQueue]) {
      for (; seen < SWEEP_PER_CALL; seen++) {
        const entry = queue.peek();
        if (!entry) break;
        const current = this.isCurrent(entry);
        // A spent entry's place in the under queue is stale (the spent queue holds it).
        const live = current && (queue === this.spentQueue || !entry.spent);
        if (live && (entry.expiresAt === null || entry.expiresAt > now)) break;
        queue.take();
        if (live) this._storage.delete(entry.key);
      }
    }
  }
}

/** rate-limiter-flexible's memory limiter on the lean store above. */
class LeanRateLimiter extends RateLimiterMemory {
  readonly store: LeanMemoryStorage;
  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0] & { points: number }) {
    super(options);
    const self = this as unknown as { _memoryStorage?: unknown };
    // tests/unit/rate-limit-memory.test.ts fails if a new version of the library renames it.
    if (!("_memoryStorage" in self)) throw new Error("rate-limiter-flexible: memory store not found");
    this.store = new LeanMemoryStorage(options.points);
    self._memoryStorage = this.store;
  }

  /** Whether `key` has spent this budget, and for how long (ms); creates no key. */
  spentFor(key: string): number | null {
    const entry = this.store.peek(this.getKey(key));
    return entry && entry.value >= this.points ? Math.max(entry.msLeft, 1000) : null;
  }
}

const limiters = new Map<keyof typeof LIMITS, LeanRateLimiter>();
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
 * Spends a point on every key now; refuses when any key has spent its budget. Call
 * `settle(true)` after a correct secret, `settle(false)` after a wrong one.
 *
 * Issue 39: a refused attempt touches nothing: every key is read first (`spentFor`, which
 * creates no key), and only when all are within budget is a point spent on each. Otherwise a
 * stream of refused attempts, each naming a new account, created a key apiece and pushed a
 * locked account's key out of the store. Reading and spending run in one synchronous step
 * (no `await` before the last consume), so parallel attempts still cannot share a last point.
 */
export async function reserveAttempt(keys: readonly AttemptKey[]): Promise<Reservation> {
  let refusedBy: { limit: AttemptLimit; ms: number } | null = null;
  for (const [name, key] of keys) {
    const ms = limiter(name).spentFor(key);
    if (ms !== null && (!refusedBy || ms > refusedBy.ms)) refusedBy = { limit: name, ms };
  }
  if (refusedBy) {
    return {
      ok: false,
      limit: refusedBy.limit,
      retryAfterSeconds: Math.max(1, Math.ceil(refusedBy.ms / 1000)),
    };
  }
  // Every consume runs its check-and-increment synchronously, here, in this loop; each key
  // was under its budget a moment ago in this same step, so none of them is refused.
  const pending = keys.map(([name, key]) => limiter(name).consume(key));
  const results = await Promise.allSettled(pending);
  for (const r of results) {
    if (r.status === "rejected" && !(r.reason instanceof RateLimiterRes)) throw r.reason;
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

/** How many keys a budget keeps now (tests and the attack report). */
export function keysKept(name: keyof typeof LIMITS) {
  return limiter(name).store._storage.size;
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
