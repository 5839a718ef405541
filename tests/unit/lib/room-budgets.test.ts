/**
 * Issue 37, item 3: the per-address budgets of a round, sized by its room. A 300-phone room
 * behind one address (phones arriving over a minute) never meets them; a script sending
 * hundreds in a second is held to `capFor`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { capFor, DEFAULT_ROOM_SEATS, roomBudgets, roomSeats } from "~/lib/room-budgets";
import { consumeRoomBudget, resetAttemptBudgets } from "~/utils/rate-limit.server";

beforeEach(() => {
  resetAttemptBudgets();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(1_800_000_000_000);
});
afterEach(() => vi.useRealTimers());

/** A small seeded generator: the same "random" room every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe("sizing", () => {
  it("grows with the room, within bounds, and defaults to 300 seats", () => {
    expect(roomSeats(undefined)).toBe(DEFAULT_ROOM_SEATS);
    expect(roomSeats(0)).toBe(DEFAULT_ROOM_SEATS);
    expect(roomSeats(3)).toBe(20);
    expect(roomSeats(1e9)).toBe(5000);
    expect(roomBudgets(300)).toEqual({
      newPhones: { perSecond: 10, burst: 30, burstSeconds: 60 },
      votes: { perSecond: 30, burst: 75, burstSeconds: 60 },
    });
    expect(roomBudgets(1000).newPhones).toEqual({ perSecond: 34, burst: 100, burstSeconds: 60 });
  });

  it("bounds what an address gets in a span: every second window it touches and the burst pools", () => {
    const b = roomBudgets(300).newPhones;
    expect(capFor(b, 0)).toBe(10 + 30);
    expect(capFor(b, 1.4)).toBe(10 * 3 + 30 * 2);
    expect(capFor(b, 60)).toBe(10 * 61 + 30 * 2);
  });
});

describe("one address, one round", () => {
  const key = "7:203.0.113.7";

  it("a 300-phone room arriving over a minute is never refused", async () => {
    const next = random(37);
    const arrivals = Array.from({ length: 300 }, () => 1_800_000_000_000 + next() * 60_000).sort();
    let refused = 0;
    for (const at of arrivals) {
      vi.setSystemTime(at);
      if (!(await consumeRoomBudget("newPhones", 300, key)).ok) refused++;
    }
    expect(refused).toBe(0);
  });

  it("a 1,000-phone room of that size arriving over 50 s is never refused", async () => {
    const next = random(41);
    const arrivals = Array.from({ length: 1000 }, () => 1_800_000_000_000 + next() * 50_000).sort();
    let refused = 0;
    for (const at of arrivals) {
      vi.setSystemTime(at);
      if (!(await consumeRoomBudget("newPhones", 1000, key)).ok) refused++;
    }
    expect(refused).toBe(0);
  });

  it("a script sending 300 in a second gets at most the cap, and is told to wait a second", async () => {
    let got = 0;
    let wait = 0;
    for (let i = 0; i < 300; i++) {
      vi.setSystemTime(1_800_000_000_000 + i * 3);
      const r = await consumeRoomBudget("newPhones", 300, key);
      if (r.ok) got++;
      else wait = r.retryAfterSeconds;
    }
    expect(got).toBeLessThanOrEqual(capFor(roomBudgets(300).newPhones, 0.9));
    expect(got).toBe(10 + 30);
    expect(wait).toBe(1);
    // Another address (another room) is untouched.
    expect((await consumeRoomBudget("newPhones", 300, "7:198.51.100.1")).ok).toBe(true);
  });

  it("with a script bursting in the middle, the room's phones still get in after a wait of a second or two", async () => {
    const next = random(43);
    type Ev = { at: number; who: "phone" | "script"; tries: number };
    const events: Ev[] = Array.from({ length: 300 }, () => ({
      at: 1_800_000_000_000 + next() * 60_000,
      who: "phone" as const,
      tries: 0,
    }));
    for (let i = 0; i < 300; i++) events.push({ at: 1_800_000_020_000 + i * 4, who: "script", tries: 0 });
    let script = 0;
    let phones = 0;
    let longestWait = 0;
    while (events.length) {
      events.sort((a, b) => a.at - b.at);
      const e = events.shift()!;
      vi.setSystemTime(e.at);
      const r = await consumeRoomBudget("newPhones", 300, key);
      if (r.ok) {
        if (e.who === "script") script++;
        else phones++;
      } else if (e.who === "phone") {
        // The page says "one moment" and loads again after Retry-After (as the browser does).
        e.tries++;
        longestWait = Math.max(longestWait, e.tries * r.retryAfterSeconds);
        events.push({ ...e, at: e.at + r.retryAfterSeconds * 1000 });
      }
    }
    expect(phones).toBe(300);
    expect(script).toBeLessThanOrEqual(capFor(roomBudgets(300).newPhones, 1.2));
    expect(longestWait).toBeLessThanOrEqual(5);
  });
});
