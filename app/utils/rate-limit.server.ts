import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { roomBudgets } from "~/lib/room-budgets";

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
  /** Votes: per device and per e-mail, strict (a room's per-address budgets are sized per round: consumeRoomBudget). */
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
  /** ...and per username, from every address: a SLOW_DOWN budget (over it, slower, never refused). */
  loginUser: { points: 8, duration: 15 * 60 },
  /** Staff login from a browser holding this user's device cookie: per device and user. */
  loginDevice: { points: 8, duration: 15 * 60 },
  /** Shared gate passwords, untrusted browsers: per gate and IP... */
  gateIp: { points: 10, duration: 10 * 60 },
  /** ...and per gate from everywhere (guesses spread over many addresses): a SLOW_DOWN budget. */
  gateAll: { points: 100, duration: 10 * 60 },
  /** A browser that has unlocked this gate before: per gate and device. */
  gateDevice: { points: 10, duration: 10 * 60 },
  /** Wrong room codes per round and device... */
  roomCodeDevice: { points: 10, duration: 10 * 60 },
  /** ...and per round and IP (a whole room shares one, so it is generous). */
  roomCodeIp: { points: 200, duration: 10 * 60 },
} as const;

/**
 * Issue 37: the budgets every address shares (an account's, a gate's). Strangers spending one must
 * never lock the host out, so over such a budget an attempt is slowed (SLOW_DOWN_STEP_MS more per
 * budget's worth of failures, at most SLOW_DOWN_MAX_MS), then compared like any other: the right
 * secret always gets in. Only a budget of the attempt's own (its address, its device) refuses.
 */
const SLOW_DOWN: ReadonlySet<AttemptLimit> = new Set<AttemptLimit>(["loginUser", "gateAll"]);
export const SLOW_DOWN_STEP_MS = 2_000;
export const SLOW_DOWN_MAX_MS = 8_000;

/** How long an attempt waits when a shared budget is `over` points past its `points`. */
export function slowDownMs(over: number, points: number): number {
  if (over <= 0) return 0;
  return Math.min(SLOW_DOWN_MAX_MS, SLOW_DOWN_STEP_MS * Math.ceil(over / points));
}

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
 * at the cap, its place in a queue included (measured with tests/unit/utils/rate-limit.test.ts),
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
    // tests/unit/utils/rate-limit.test.ts fails if a new version of the library renames it.
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

/**
 * Issue 37: one round's budgets per address, sized by its room (app/lib/room-budgets.ts): new
 * phones (device cookies handed out by /vote) and votes. A steady rate per second plus a burst
 * pool per minute (the library's BurstyRateLimiter over two limiters on the lean store).
 */
export type RoomBudgetName = "newPhones" | "votes";
const roomLimiters = new Map<string, BurstyRateLimiter>();
function roomLimiter(name: RoomBudgetName, seats: number) {
  const id = `${name}:${seats}`;
  let l = roomLimiters.get(id);
  if (!l) {
    const budget = roomBudgets(seats)[name];
    l = new BurstyRateLimiter(
      new LeanRateLimiter({ keyPrefix: `${id}:s`, points: budget.perSecond, duration: 1 }),
      new LeanRateLimiter({ keyPrefix: `${id}:b`, points: budget.burst, duration: budget.burstSeconds }),
    );
    roomLimiters.set(id, l);
  }
  return l;
}

/** Spends one point of a round's budget for `key` (round and address); says whether it is within it. */
export async function consumeRoomBudget(
  name: RoomBudgetName,
  seats: number,
  key: string,
): Promise<LimitResult> {
  try {
    await roomLimiter(name, seats).consume(key);
    return { ok: true };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
    }
    throw error;
  }
}

export type Reservation =
  | {
      ok: true;
      settle: (success: boolean) => Promise<void>;
      /** How long the attempt was held because a shared budget is spent (SLOW_DOWN), in ms. */
      slowedMs: number;
    }
  | { ok: false; retryAfterSeconds: number; limit: AttemptLimit };

/**
 * Spends a point on every key now; refuses when one of the attempt's own keys has spent its
 * budget; waits when only a shared one (SLOW_DOWN, issue 37) has. Call `settle(true)` after a
 * correct secret, `settle(false)` after a wrong one.
 *
 * Issue 39: a refused attempt touches nothing: every key that can refuse is read first
 * (`spentFor`, which creates no key), and only when all are within budget is a point spent on
 * each. Otherwise a stream of refused attempts, each naming a new account, created a key apiece
 * and pushed a locked account's key out of the store. Reading and spending run in one
 * synchronous step (no `await` before the last consume), so parallel attempts still cannot share
 * a last point. A shared (SLOW_DOWN) key is spent even over its budget: how far over it is sets
 * the delay.
 */
export async function reserveAttempt(keys: readonly AttemptKey[]): Promise<Reservation> {
  let refusedBy: { limit: AttemptLimit; ms: number } | null = null;
  for (const [name, key] of keys) {
    if (SLOW_DOWN.has(name)) continue;
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
  // Every consume runs its check-and-increment synchronously, here, in this loop; each own key
  // was under its budget a moment ago in this same step, so only a shared one can be refused.
  const pending = keys.map(([name, key]) => limiter(name).consume(key));
  const results = await Promise.allSettled(pending);
  let wait = 0;
  results.forEach((r, i) => {
    if (r.status === "fulfilled") return;
    if (!(r.reason instanceof RateLimiterRes)) throw r.reason;
    const name = keys[i][0];
    wait = Math.max(wait, slowDownMs(r.reason.consumedPoints - LIMITS[name].points, LIMITS[name].points));
  });
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  let settled = false;
  return {
    ok: true,
    slowedMs: wait,
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
  roomLimiters.clear();
}

/** "Try again in 3 minutes." */
export function retryText(seconds: number) {
  if (seconds < 60) return `Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
