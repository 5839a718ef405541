/**
 * Issue 37, item 4: strangers can no longer lock the host out. A budget every address shares
 * (a username's, a gate's) only slows attempts once spent; the attempt's own budgets (its
 * address, its trusted device) still refuse.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ATTEMPT_LIMITS,
  reserveAttempt,
  resetAttemptBudgets,
  SLOW_DOWN_MAX_MS,
  SLOW_DOWN_STEP_MS,
  slowDownMs,
} from "~/utils/rate-limit.server";

beforeEach(() => resetAttemptBudgets());
afterEach(() => vi.useRealTimers());

/** Spends a key's budget with wrong secrets, each attempt from an address of its own. */
async function strangersFail(keys: (i: number) => Parameters<typeof reserveAttempt>[0], n: number) {
  for (let i = 0; i < n; i++) {
    const a = await reserveAttempt(keys(i));
    if (!a.ok) throw new Error(`stranger ${i} refused by ${a.limit}`);
    await a.settle(false);
  }
}

describe("the delay over a shared budget", () => {
  it("is nothing within the budget, one step per budget's worth over it, and capped", () => {
    expect(slowDownMs(0, 8)).toBe(0);
    expect(slowDownMs(-3, 8)).toBe(0);
    expect(slowDownMs(1, 8)).toBe(SLOW_DOWN_STEP_MS);
    expect(slowDownMs(8, 8)).toBe(SLOW_DOWN_STEP_MS);
    expect(slowDownMs(9, 8)).toBe(2 * SLOW_DOWN_STEP_MS);
    expect(slowDownMs(10_000, 8)).toBe(SLOW_DOWN_MAX_MS);
  });
});

describe("a gate whose shared budget strangers spent from many addresses", () => {
  it("lets a new browser from another address in (slowed, not refused)", async () => {
    vi.useFakeTimers();
    const all = ATTEMPT_LIMITS.gateAll.points;
    // 10 addresses, 10 wrong guesses each: the gate's shared budget is spent.
    await strangersFail(
      (i) => [
        ["gateIp", `results:198.51.100.${i % 10}`],
        ["gateAll", "results"],
      ],
      all,
    );
    const pending = reserveAttempt([
      ["gateIp", "results:203.0.113.7"],
      ["gateAll", "results"],
    ]);
    await vi.advanceTimersByTimeAsync(SLOW_DOWN_STEP_MS);
    const host = await pending;
    expect(host.ok).toBe(true);
    expect(host.ok && host.slowedMs).toBe(SLOW_DOWN_STEP_MS);
  });

  it("still refuses an address that spent its own budget, before anything is compared", async () => {
    await strangersFail(() => [["gateIp", "results:198.51.100.1"]], ATTEMPT_LIMITS.gateIp.points);
    const again = await reserveAttempt([
      ["gateIp", "results:198.51.100.1"],
      ["gateAll", "results"],
    ]);
    expect(again.ok).toBe(false);
    expect(!again.ok && again.limit).toBe("gateIp");
  });
});

describe("a staff login whose username strangers guessed from other addresses", () => {
  it("lets the right password from a new browser in at its first try, after a delay", async () => {
    vi.useFakeTimers();
    await strangersFail(
      (i) => [
        ["loginIp", `198.51.100.${i}`],
        ["loginUser", "host"],
      ],
      ATTEMPT_LIMITS.loginUser.points,
    );
    let done = false;
    const pending = reserveAttempt([
      ["loginIp", "203.0.113.7"],
      ["loginUser", "host"],
    ]).then((r) => {
      done = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(SLOW_DOWN_STEP_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const host = await pending;
    expect(host.ok).toBe(true);
    // The right password gives its points back: the next stranger is no further behind.
    if (host.ok) await host.settle(true);
  });
});
