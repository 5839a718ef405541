import { describe, expect, it } from "vitest";
import { StreamRegistry } from "~/utils/live-streams.server";

describe("StreamRegistry", () => {
  it("holds at most 3 per session (the oldest is closed) and refuses beyond the total", () => {
    const registry = new StreamRegistry({
      PER_SESSION: 3,
      TOTAL: 5,
      OPENS_PER_MINUTE: 10_000,
      TRACKED_SESSIONS: 10,
    });
    const closed: number[] = [];
    for (let i = 0; i < 2_000; i++) registry.acquire("one-cookie", () => closed.push(i));
    expect(registry.countFor("one-cookie")).toBe(3);
    expect(closed.length).toBe(1_997);
    expect(registry.acquire("b", () => {})).not.toBeNull();
    expect(registry.acquire("c", () => {})).not.toBeNull();
    expect(registry.acquire("d", () => {})).toBeNull();
  });
  it("answers a wait once a session opens too many in a minute, and forgets old sessions", () => {
    const registry = new StreamRegistry({
      PER_SESSION: 3,
      TOTAL: 5,
      OPENS_PER_MINUTE: 30,
      TRACKED_SESSIONS: 100,
    });
    for (let i = 0; i < 30; i++) expect(registry.overRate("s", 1_000 + i)).toBeNull();
    expect(registry.overRate("s", 2_000)).toBeGreaterThan(0);
    expect(registry.overRate("s", 62_000)).toBeNull();
    const small = new StreamRegistry({
      PER_SESSION: 3,
      TOTAL: 5,
      OPENS_PER_MINUTE: 1,
      TRACKED_SESSIONS: 100,
    });
    small.overRate("s", 0);
    expect(small.overRate("s", 1)).not.toBeNull();
    for (let i = 0; i < 1_000; i++) small.overRate(`other-${i}`, 2);
    expect(small.overRate("s", 3)).toBeNull(); // forgotten among 1,000 others: the map stays bounded
  });
  it("a released stream frees its place", () => {
    const registry = new StreamRegistry({
      PER_SESSION: 1,
      TOTAL: 1,
      OPENS_PER_MINUTE: 10,
      TRACKED_SESSIONS: 10,
    });
    const release = registry.acquire("a", () => {})!;
    expect(registry.acquire("b", () => {})).toBeNull();
    release();
    expect(registry.acquire("b", () => {})).not.toBeNull();
  });
});
