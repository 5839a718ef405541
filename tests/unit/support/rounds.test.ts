// The bench's figures on a shared machine: each target's row is its median round (scripts/bench.ts).
import { describe, expect, it } from "vitest";
import { medianBy, medianRound } from "../../support/rounds";

const run = (name: string, connections: number, rps: number) => ({ name, connections, rps });

describe("the bench's median round", () => {
  it("takes the middle rate of a target's rounds at its connection count, not a fluke", () => {
    const runs = [
      run("/vote (POST)", 10, 1918),
      run("/vote (POST)", 50, 900),
      run("/vote (POST)", 10, 1138),
      run("/healthcheck", 10, 8000),
      run("/vote (POST)", 10, 1890),
    ];
    expect(medianRound(runs, "/vote (POST)", 10).rps).toBe(1890);
    expect(medianRound(runs, "/vote (POST)", 50).rps).toBe(900);
  });

  it("takes the lower middle of an even count, and refuses a target that never ran", () => {
    const runs = [run("/", 10, 3), run("/", 10, 1), run("/", 10, 2), run("/", 10, 4)];
    expect(medianRound(runs, "/", 10).rps).toBe(2);
    expect(() => medianRound(runs, "/", 50)).toThrow("no run of / at 50 connections");
  });

  it("keeps a page's middle Lighthouse run, scored as a whole, with all its own figures", () => {
    const runs = [
      { performance: 91, tbtMs: 380 },
      { performance: 100, tbtMs: 40 },
      { performance: 97, tbtMs: 160 },
    ];
    expect(medianBy(runs, (r) => r.performance)).toEqual({ performance: 97, tbtMs: 160 });
    expect(() => medianBy([], (r: { performance: number }) => r.performance)).toThrow("no runs");
  });
});
