// Load figures on a shared machine (scripts/bench.ts): a target measured in several interleaved rounds.

/** The run of a target with the median rate among its rounds (the lower middle of an even count). */
export function medianRound<R extends { name: string; connections: number; rps: number }>(
  runs: R[],
  name: string,
  connections: number,
): R {
  const mine = runs
    .filter((r) => r.name === name && r.connections === connections)
    .sort((a, b) => a.rps - b.rps);
  if (mine.length === 0) throw new Error(`no run of ${name} at ${connections} connections`);
  return mine[Math.floor((mine.length - 1) / 2)];
}
