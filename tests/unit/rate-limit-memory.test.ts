/**
 * Issue 20: the budgets' store keeps no timer per key, forgets keys whose window ended, and
 * counts exactly as rate-limiter-flexible's own memory store does.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  consume,
  LeanMemoryStorage,
  MAX_KEYS_PER_BUDGET,
  reserveAttempt,
  resetAttemptBudgets,
} from "~/utils/rate-limit.server";

afterEach(() => {
  vi.useRealTimers();
  resetAttemptBudgets();
});

describe("the budgets' memory store", () => {
  it("a burst of distinct voters arms no timer per voter (the library's own store arms one each)", async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
    for (let i = 0; i < 2000; i++) await consume("voteDevice", `burst-device-${i}`);
    expect(setTimeoutSpy.mock.calls.length).toBeLessThan(5);
    // The library's store, for comparison: this is what the lean store replaces.
    const library = new RateLimiterMemory({ keyPrefix: "compare", points: 12, duration: 600 });
    for (let i = 0; i < 200; i++) await library.consume(`k${i}`);
    expect(setTimeoutSpy.mock.calls.length).toBeGreaterThanOrEqual(200);
    setTimeoutSpy.mockRestore();
  });

  it("counts a key's points within its window, refuses over budget with the time left, and starts again after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T21:00:00Z"));
    // voteEmail: 6 points per 10 minutes.
    for (let i = 0; i < 6; i++) expect((await consume("voteEmail", "fan@example.com")).ok).toBe(true);
    vi.setSystemTime(new Date("2026-11-23T21:04:00Z"));
    const refused = await consume("voteEmail", "fan@example.com");
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 360 });
    expect((await consume("voteEmail", "other@example.com")).ok).toBe(true);
    vi.setSystemTime(new Date("2026-11-23T21:10:00Z"));
    expect((await consume("voteEmail", "fan@example.com")).ok).toBe(true);
  });

  it("parallel guesses still get only the budget's worth (the increment happens inside consume)", async () => {
    // gateIp: 10 points per gate and IP.
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () => reserveAttempt([["gateIp", "booking:203.0.113.9"]])),
    );
    expect(attempts.filter((a) => a.ok)).toHaveLength(10);
  });

  it("forgets keys whose window ended, oldest first, a bounded number per call", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(0);
    const store = new LeanMemoryStorage();
    for (let i = 0; i < 200; i++) store.incrby(`old-${i}`, 1, 60);
    vi.setSystemTime(30_000);
    store.incrby("young", 1, 60);
    vi.setSystemTime(61_000);
    expect(store.get("old-0")).toBeNull();
    expect(store._storage.size).toBe(201 - 64);
    store.incrby("new", 1, 60);
    store.incrby("new", 1, 60);
    expect(store._storage.size).toBe(201 - 64 * 3 + 1);
    store.get("x");
    // Only the young key (30 s left) and the new one remain.
    expect([...store._storage.keys()]).toEqual(["young", "new"]);
    const young = store.get("young");
    expect(young).toBeInstanceOf(RateLimiterRes);
    expect(young?.consumedPoints).toBe(1);
    expect(young?.msBeforeNext).toBe(29_000);
  });

  it("a flood of distinct voters cannot grow a budget without bound: the window that ends first is forgotten", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(0);
    const store = new LeanMemoryStorage();
    store.incrby("first-voter", 1, 600);
    for (let i = 0; i < MAX_KEYS_PER_BUDGET + 500; i++) {
      vi.setSystemTime(i);
      store.incrby(`flood-${i}`, 1, 600);
    }
    expect(store._storage.size).toBe(MAX_KEYS_PER_BUDGET);
    expect(store.get("first-voter")).toBeNull();
    // The newest keys are all counted, and a key already kept is counted, not moved out.
    expect(store.get(`flood-${MAX_KEYS_PER_BUDGET + 499}`)?.consumedPoints).toBe(1);
    store.incrby(`flood-${MAX_KEYS_PER_BUDGET + 499}`, 1, 600);
    expect(store.get(`flood-${MAX_KEYS_PER_BUDGET + 499}`)?.consumedPoints).toBe(2);
    expect(store._storage.size).toBe(MAX_KEYS_PER_BUDGET);
  });

  it("a key whose window restarted counts as new: at the cap the oldest other key is forgotten, not it", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(0);
    const store = new LeanMemoryStorage();
    store.incrby("returning-voter", 1, 600);
    for (let i = 0; i < MAX_KEYS_PER_BUDGET - 1; i++) {
      vi.setSystemTime(1 + i);
      store.incrby(`voter-${i}`, 1, 600);
    }
    vi.setSystemTime(10_000);
    store.set("returning-voter", 1, 600); // as the library's block() restarts a window
    store.incrby("newcomer", 1, 600);
    expect(store._storage.size).toBe(MAX_KEYS_PER_BUDGET);
    expect(store.get("voter-0")).toBeNull();
    expect(store.get("returning-voter")?.msBeforeNext).toBe(600_000);
    // Its first window's end passes; its second one has not.
    vi.setSystemTime(600_500);
    store.get("x");
    expect(store.get("returning-voter")?.consumedPoints).toBe(1);
  });

  it("a voter's key costs about 190 bytes of heap at the cap, not the 240 it costs as the library's concatenated key", async () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const store = new LeanMemoryStorage();
    // Fewer than the cap, so every key stays (and the measure is per key kept).
    const keys = MAX_KEYS_PER_BUDGET - 1;
    gc();
    const before = process.memoryUsage().heapUsed;
    // As rate-limiter-flexible builds it: `${keyPrefix}:${key}`.
    for (let i = 0; i < keys; i++)
      store.incrby(`voteEmail:${`fan-${i}.${"x".repeat(i % 7)}@example.com`}`, 1, 600);
    gc();
    const perKey = (process.memoryUsage().heapUsed - before) / keys;
    expect(store._storage.size).toBe(keys);
    // Its entry, its place in the queue and the Map's slot (about 187 bytes measured); the
    // library's "prefix:key" kept as a pair of strings made it about 243.
    expect(perKey).toBeLessThan(210);
  });
});
