import { BURST_PER_MINUTE_THRESHOLD, deviceWithManyEmails, type RefusalEvent } from "~/lib/vote-patterns";
import { voteBursts } from "~/models/votes.server";

/**
 * Refused votes, remembered in memory per round (bounded) so the host's results page can
 * list devices that tried many e-mails. Bursts come from the stored votes themselves.
 */
const MAX_EVENTS_PER_ROUND = 5000;
const MAX_ROUNDS = 20;
const refusals = new Map<number, RefusalEvent[]>();

export function recordRefusal(roundId: number, event: Omit<RefusalEvent, "at">, at = Date.now()) {
  let list = refusals.get(roundId);
  if (!list) {
    if (refusals.size >= MAX_ROUNDS) refusals.delete(refusals.keys().next().value as number);
    list = [];
    refusals.set(roundId, list);
  }
  list.push({ ...event, at });
  if (list.length > MAX_EVENTS_PER_ROUND) list.splice(0, list.length - MAX_EVENTS_PER_ROUND);
}

export function suspiciousPatterns(roundId: number) {
  const refused = refusals.get(roundId) ?? [];
  return {
    refusedTotal: refused.length,
    devices: deviceWithManyEmails(refused).slice(0, 20),
    // Counted by SQLite, at most 20 (issue 20: not every vote of the round read into memory).
    bursts: voteBursts(roundId, BURST_PER_MINUTE_THRESHOLD, 20),
  };
}
