// Figures on a shared machine (scripts/bench.ts, scripts/bench-images.ts): a target measured
// several times, and the run in the middle kept.

/** The item with the median value (the lower middle of an even count). */
export function medianBy<T>(items: T[], value: (item: T) => number): T {
  if (items.length === 0) throw new Error("no runs");
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The run of a target with the median rate among its rounds (the lower middle of an even count). */
export function medianRound<R extends { name: string; connections: number; rps: number }>(
  runs: R[],
  name: string,
  connections: number,
): R {
  const mine = runs.filter((r) => r.name === name && r.connections === connections);
  if (mine.length === 0) throw new Error(`no run of ${name} at ${connections} connections`);
  return medianBy(mine, (r) => r.rps);
}
