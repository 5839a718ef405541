import {
  BURST_BUCKET_MS,
  BURST_PER_MINUTE_THRESHOLD,
  comedianBursts,
  deviceWithManyEmails,
  type AlarmView,
  type BucketCount,
  type RefusalEvent,
} from "~/lib/vote-patterns";
import { roundComediansFor } from "~/models/rounds.server";
import { voteBursts } from "~/models/votes.server";
import { db, type DB } from "~/utils/db.server";
import type { RoomBudgetName } from "~/utils/rate-limit.server";

/**
 * What the host's results page watches (in memory, bounded, per round):
 * - refused votes, so it can list devices that tried many e-mails (issue 13);
 * - issue 37's live alarm: each time a budget of the round refused an address, and the votes
 *   per address, comedian and ten seconds, from which bursts for one comedian are found.
 * Bursts per address and minute come from the stored votes themselves (vote_minutes).
 */
const MAX_EVENTS_PER_ROUND = 5000;
const MAX_ROUNDS = 20;
/** Buckets of vote counts kept per round (2 s each, per address and comedian; the oldest go first). */
const MAX_BUCKETS_PER_ROUND = 20_000;

type Watch = {
  refusals: RefusalEvent[];
  budgetHits: Map<string, BudgetHit>;
  counts: Map<string, BucketCount>;
  voided: { ip: string; comedianId: number; from: number; to: number }[];
};
export type BudgetHit = {
  budget: RoomBudgetName;
  ip: string;
  refused: number;
  firstAt: number;
  lastAt: number;
};
const watches = new Map<number, Watch>();

function watch(roundId: number): Watch {
  let w = watches.get(roundId);
  if (!w) {
    if (watches.size >= MAX_ROUNDS) watches.delete(watches.keys().next().value as number);
    w = { refusals: [], budgetHits: new Map(), counts: new Map(), voided: [] };
    watches.set(roundId, w);
  }
  return w;
}

export function recordRefusal(roundId: number, event: Omit<RefusalEvent, "at">, at = Date.now()) {
  const list = watch(roundId).refusals;
  list.push({ ...event, at });
  if (list.length > MAX_EVENTS_PER_ROUND) list.splice(0, list.length - MAX_EVENTS_PER_ROUND);
}

/** A budget of the round refused this address (a new phone or a vote). */
export function recordBudgetHit(roundId: number, budget: RoomBudgetName, ip: string, at = Date.now()) {
  const hits = watch(roundId).budgetHits;
  const key = `${budget}|${ip}`;
  const hit = hits.get(key);
  if (hit) {
    hit.refused += 1;
    hit.lastAt = at;
  } else if (hits.size < 100) {
    hits.set(key, { budget, ip, refused: 1, firstAt: at, lastAt: at });
  }
}

/** A stored vote, counted in its address's and comedian's ten seconds. */
export function recordVote(roundId: number, ip: string, comedianId: number, at = Date.now()) {
  const counts = watch(roundId).counts;
  const bucket = Math.floor(at / BURST_BUCKET_MS) * BURST_BUCKET_MS;
  const key = `${ip}|${comedianId}|${bucket}`;
  const c = counts.get(key);
  if (c) {
    c.votes += 1;
    c.firstAt = Math.min(c.firstAt ?? at, at);
    c.lastAt = Math.max(c.lastAt ?? at, at);
  } else {
    if (counts.size >= MAX_BUCKETS_PER_ROUND) counts.delete(counts.keys().next().value as string);
    counts.set(key, { ip, comedianId, bucket, votes: 1, firstAt: at, lastAt: at });
  }
}

/** The host voided this burst: it stays listed as voided. */
export function recordVoided(
  roundId: number,
  burst: { ip: string; comedianId: number; from: number; to: number },
) {
  watch(roundId).voided.push(burst);
}

/** The live alarm of a round: budgets hit and bursts for one comedian (empty lists: all quiet). */
export function roundAlarm(roundId: number, database: DB = db()): AlarmView {
  const w = watches.get(roundId);
  if (!w) return { budgetHits: [], bursts: [] };
  const bursts = comedianBursts([...w.counts.values()]).slice(0, 10);
  const names = new Map(
    bursts.length ? roundComediansFor(roundId, database).map((c) => [c.id, c.name] as const) : [],
  );
  return {
    budgetHits: [...w.budgetHits.values()].sort((a, b) => b.lastAt - a.lastAt).slice(0, 10),
    bursts: bursts.map((b) => ({
      name: names.get(b.comedianId) ?? `Comedian ${b.comedianId}`,
      ...b,
      voided: w.voided.some(
        (v) => v.ip === b.ip && v.comedianId === b.comedianId && v.from <= b.from && v.to >= b.to,
      ),
    })),
  };
}

export function suspiciousPatterns(roundId: number) {
  const refused = watches.get(roundId)?.refusals ?? [];
  return {
    refusedTotal: refused.length,
    devices: deviceWithManyEmails(refused).slice(0, 20),
    // Counted by SQLite, at most 20 (issue 20: not every vote of the round read into memory).
    bursts: voteBursts(roundId, BURST_PER_MINUTE_THRESHOLD, 20),
  };
}
