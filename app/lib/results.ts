/** One comedian's line in the standings. */
export type Standing = {
  comedianId: number;
  name: string;
  votes: number;
  /** Share of all votes, rounded to one decimal (0 when nobody has voted). */
  percentage: number;
  /** 1-based; comedians with the same number of votes share a rank. */
  rank: number;
  /** True for every comedian at the top with at least one vote. */
  leader: boolean;
};

export type Standings = { total: number; rows: Standing[] };

/** Rounds to one decimal the way people expect (12.25 -> 12.3, not 12.2). */
export function roundToOneDecimal(value: number): number {
  return Math.round((value + Number.EPSILON) * 10) / 10;
}

export function percentageOf(votes: number, total: number): number {
  if (total <= 0) return 0;
  return roundToOneDecimal((votes / total) * 100);
}

/**
 * The spec's results: votes counted per comedian, percentage to one decimal, sorted by
 * votes highest first (ties by name, so the order is stable), standard competition ranks.
 */
export function computeStandings(tallies: { comedianId: number; name: string; votes: number }[]): Standings {
  const total = tallies.reduce((sum, t) => sum + t.votes, 0);
  const sorted = [...tallies].sort(
    (a, b) => b.votes - a.votes || a.name.localeCompare(b.name, "en") || a.comedianId - b.comedianId,
  );
  const top = sorted[0]?.votes ?? 0;
  let rank = 0;
  const rows = sorted.map((t, i) => {
    if (i === 0 || sorted[i - 1].votes !== t.votes) rank = i + 1;
    return {
      comedianId: t.comedianId,
      name: t.name,
      votes: t.votes,
      percentage: percentageOf(t.votes, total),
      rank,
      leader: top > 0 && t.votes === top,
    };
  });
  return { total, rows };
}

/** "12.5%" and "0.0%": always one decimal, as the spec shows. */
export function formatPercentage(value: number): string {
  return `${value.toFixed(1)}%`;
}
