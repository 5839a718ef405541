/**
 * Issue 39, item 1: budgets that cannot be flushed. Before: 5,200 logins with made-up
 * usernames from one address (each a quick 429) made the login budget forget a locked
 * account, because refused attempts still created keys and the store, when full, forgot the
 * key whose window ended first, spent or not.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { loginBudgetKey, UNKNOWN_USERNAME_BUDGETS } from "~/utils/auth.server";
import {
  ATTEMPT_LIMITS,
  keysKept,
  LeanMemoryStorage,
  MAX_KEYS_PER_BUDGET,
  reserveAttempt,
  resetAttemptBudgets,
  SLOW_DOWN_MAX_MS,
  SLOW_DOWN_STEP_MS,
  spent,
} from "~/utils/rate-limit.server";
import { createTestDbWithStaff } from "../support/db";

afterEach(() => {
  vi.useRealTimers();
  resetAttemptBudgets();
});

async function fail(keys: Parameters<typeof reserveAttempt>[0]) {
  const r = await reserveAttempt(keys);
  if (r.ok) await r.settle(false);
  return r.ok;
}

describe("a refused attempt creates no key", () => {
  it("an address over its login budget naming 5,200 new usernames adds no username key", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < ATTEMPT_LIMITS.loginIp.points; i++) {
      expect(
        await fail([
          ["loginIp", ip],
          ["loginUser", `warm-${i}`],
        ]),
      ).toBe(true);
    }
    const before = keysKept("loginUser");
    expect(before).toBe(ATTEMPT_LIMITS.loginIp.points);
    for (let i = 0; i < 5_200; i++) {
      expect(
        await fail([
          ["loginIp", ip],
          ["loginUser", `made-up-${i}`],
        ]),
      ).toBe(false);
    }
    expect(keysKept("loginUser")).toBe(before);
    expect(await spent("loginUser", "made-up-0")).toBe(0);
    // Nor did the refusals spend anything more on the address.
    expect(await spent("loginIp", ip)).toBe(ATTEMPT_LIMITS.loginIp.points);
  });

  it("a refusal on one key leaves the attempt's other keys untouched", async () => {
    for (let i = 0; i < ATTEMPT_LIMITS.roomCodeIp.points; i++) await fail([["roomCodeIp", "7:203.0.113.1"]]);
    expect(
      await reserveAttempt([
        ["roomCodeDevice", "7:new-phone"],
        ["roomCodeIp", "7:203.0.113.1"],
      ]),
    ).toMatchObject({
      ok: false,
      limit: "roomCodeIp",
    });
    expect(keysKept("roomCodeDevice")).toBe(0);
  });

  it("within budget every key is spent at once, and only the budget's worth of parallel attempts pass", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        reserveAttempt([
          ["roomCodeIp", "7:192.0.2.50"],
          ["roomCodeDevice", `7:parallel-${i % 2}`],
        ]),
      ),
    );
    // Two phones of 10 each, one address of 200: 20 pass (each phone's 10).
    expect(attempts.filter((a) => a.ok)).toHaveLength(2 * ATTEMPT_LIMITS.roomCodeDevice.points);
    expect(await spent("roomCodeIp", "7:192.0.2.50")).toBe(2 * ATTEMPT_LIMITS.roomCodeDevice.points);
  });
});

describe("a key that has spent its budget is forgotten last", () => {
  it("a flood of fresh keys at the cap forgets other fresh keys, never the locked one", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(0);
    const store = new LeanMemoryStorage(8);
    for (let i = 0; i < 8; i++) store.incrby("locked-account", 1, 900);
    store.incrby("half-used", 1, 900);
    for (let i = 0; i < MAX_KEYS_PER_BUDGET * 2; i++) {
      vi.setSystemTime(1 + i);
      store.incrby(`flood-${i}`, 1, 900);
    }
    expect(store._storage.size).toBe(MAX_KEYS_PER_BUDGET);
    expect(store.get("locked-account")?.consumedPoints).toBe(8);
    // An under-budget key is forgotten like any other (more lenient for it, never stricter).
    expect(store.get("half-used")).toBeNull();
    // The newest fresh keys are kept.
    expect(store.get(`flood-${MAX_KEYS_PER_BUDGET * 2 - 1}`)?.consumedPoints).toBe(1);
  });

  it("a key reaching its budget after it was added is protected from then on", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(0);
    const store = new LeanMemoryStorage(3);
    store.incrby("slow-guesser", 1, 900);
    for (let i = 0; i < MAX_KEYS_PER_BUDGET - 1; i++) store.incrby(`k-${i}`, 1, 900);
    store.incrby("slow-guesser", 2, 900); // now at 3: spent
    for (let i = 0; i < 100; i++) store.incrby(`new-${i}`, 1, 900);
    expect(store.get("slow-guesser")?.consumedPoints).toBe(3);
    expect(store.get("k-0")).toBeNull();
  });

  it("when every kept key has spent its budget, the one whose window ends first goes", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(0);
    const store = new LeanMemoryStorage(1);
    for (let i = 0; i < MAX_KEYS_PER_BUDGET; i++) store.incrby(`spent-${i}`, 1, 900);
    store.incrby("one-more", 1, 900);
    expect(store._storage.size).toBe(MAX_KEYS_PER_BUDGET);
    expect(store.get("spent-0")).toBeNull();
    expect(store.get("spent-1")?.consumedPoints).toBe(1);
  });

  it("a spent key is still forgotten when its window ends, and counts from zero after", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(0);
    const store = new LeanMemoryStorage(2);
    store.incrby("locked", 2, 60);
    vi.setSystemTime(61_000);
    expect(store.get("locked")).toBeNull();
    store.incrby("x", 1, 60);
    expect(store._storage.has("locked")).toBe(false);
    expect(store.incrby("locked", 1, 60).consumedPoints).toBe(1);
  });
});

describe("the issue's attack, end to end on the budgets", () => {
  it("an account whose budget strangers spent stays slowed after 5,200 made-up usernames from many addresses", async () => {
    // A shared budget over its points slows an attempt (setTimeout): the clock's timers are fake
    // here (Date is real), advanced past the longest delay at each attempt.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const fail = async (keys: Parameters<typeof reserveAttempt>[0]) => {
      const pending = reserveAttempt(keys);
      await vi.advanceTimersByTimeAsync(SLOW_DOWN_MAX_MS);
      const r = await pending;
      if (r.ok) await r.settle(false);
      return r.ok;
    };
    const { db } = createTestDbWithStaff("victim");
    const victim = loginBudgetKey("victim", db);
    for (let i = 0; i < ATTEMPT_LIMITS.loginUser.points; i++) {
      await fail([
        ["loginIp", `203.0.113.${i}`],
        ["loginUser", victim],
      ]);
    }
    // Each made-up username from an address of its own (a spread attacker; IPv6 makes it cheap).
    for (let i = 0; i < 5_200; i++) {
      await fail([
        ["loginIp", `2001:db8:${i.toString(16)}::1`],
        ["loginUser", loginBudgetKey(`made-up-${i}`, db)],
      ]);
    }
    expect(keysKept("loginUser")).toBeLessThanOrEqual(UNKNOWN_USERNAME_BUDGETS + 1);
    // The username's budget (shared by every address) was not forgotten: the next attempt is
    // still slowed (issue 37: slowed, never refused: the right password from a new address gets in).
    const next = reserveAttempt([
      ["loginIp", "192.0.2.99"],
      ["loginUser", victim],
    ]);
    await vi.advanceTimersByTimeAsync(SLOW_DOWN_STEP_MS);
    expect(await next).toMatchObject({ ok: true, slowedMs: SLOW_DOWN_STEP_MS });
  });

  it("made-up usernames share a fixed set of budgets; a real account has its own", () => {
    const { db } = createTestDbWithStaff("owner");
    expect(loginBudgetKey("owner", db)).toBe("staff:owner");
    expect(loginBudgetKey("  OWNER ", db)).toBe("staff:owner");
    const keys = new Set(Array.from({ length: 4_000 }, (_, i) => loginBudgetKey(`nobody-${i}`, db)));
    expect(keys.size).toBeLessThanOrEqual(UNKNOWN_USERNAME_BUDGETS);
    expect(keys.size).toBeGreaterThan(UNKNOWN_USERNAME_BUDGETS / 2);
    // The same made-up name always lands on the same budget (it is locked like a real one).
    expect(loginBudgetKey("nobody-1", db)).toBe(loginBudgetKey("Nobody-1", db));
  });
});
