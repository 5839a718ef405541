import { eq } from "drizzle-orm";
import { votingRounds, type VotingRound } from "~/db/schema";
import {
  isVotingOpen,
  revealSteps,
  revealedStepsAt,
  secondsUntilClose,
  standingsView,
  type StandingsView,
} from "~/lib/reveal";
import { recordAudit } from "~/models/audit.server";
import type { StaffIdentity } from "~/models/staff.server";
import { roundStandings } from "~/models/votes.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

/**
 * The host's controls of a round (issue 18): live or hidden standings, the reveal from
 * last place to first, and closing voting at a set time or now. The host is staff or
 * whoever holds the results password (the /results gate).
 */
export type RoundDisplay = {
  roundId: number;
  open: boolean;
  /** Seconds before voting closes by itself, when a closing time is set. */
  closesIn: number | null;
  view: StandingsView;
  /** When this display changes by itself (auto reveal step, closing time), ms since epoch. */
  changesAt: number | null;
};

export function roundDisplay(round: VotingRound, now = new Date(), database: DB = db()): RoundDisplay {
  const view = standingsView(round, roundStandings(round.id, database), now);
  const open = isVotingOpen(round, now);
  const closeAt = open && round.closesAt ? round.closesAt.getTime() : null;
  const next = view.mode === "hidden" ? view.nextRevealAt : null;
  const changesAt = [closeAt, next].filter((t): t is number => t !== null).sort((a, b) => a - b)[0] ?? null;
  return { roundId: round.id, open, closesIn: secondsUntilClose(round, now), view, changesAt };
}

export type HostCommand =
  | { intent: "mode"; mode: "live" | "hidden" }
  | { intent: "reveal-next" }
  | { intent: "reveal-auto"; everySeconds: number }
  | { intent: "close-in"; seconds: number }
  | { intent: "close-now" };

/**
 * Applies one host command. Revealing closes voting first: an order that can still change
 * is not a result. Null when the round does not exist.
 */
export function applyHostCommand(
  roundId: number,
  command: HostCommand,
  who: StaffIdentity | null,
  now = new Date(),
  database: DB = db(),
): VotingRound | null {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const before = t.select().from(votingRounds).where(eq(votingRounds.id, roundId)).get();
    if (!before) return null;
    const changes: Partial<typeof votingRounds.$inferInsert> = {};
    const closeNow = () => {
      if (isVotingOpen(before, now)) changes.closedAt = now;
      else if (before.openedAt && !before.closedAt && before.closesAt) changes.closedAt = before.closesAt;
    };
    switch (command.intent) {
      case "mode":
        changes.standingsMode = command.mode;
        if (command.mode === "hidden")
          Object.assign(changes, { revealedSteps: 0, revealEverySeconds: null, revealStartedAt: null });
        break;
      case "reveal-next":
      case "reveal-auto": {
        if (before.standingsMode !== "hidden") return before;
        closeNow();
        const total = revealSteps(roundStandings(roundId, t)).length;
        const current = revealedStepsAt(before, now, total);
        if (command.intent === "reveal-next") {
          Object.assign(changes, {
            revealedSteps: Math.min(total, current + 1),
            revealEverySeconds: null,
            revealStartedAt: null,
          });
        } else {
          // Continues from what is shown: the next place appears now, then one every N seconds.
          Object.assign(changes, {
            revealedSteps: current,
            revealEverySeconds: command.everySeconds,
            revealStartedAt: new Date(now.getTime() - current * command.everySeconds * 1000),
          });
        }
        break;
      }
      case "close-in":
        if (!isVotingOpen(before, now)) return before;
        changes.closesAt = new Date(now.getTime() + command.seconds * 1000);
        break;
      case "close-now":
        closeNow();
        break;
    }
    if (Object.keys(changes).length === 0) return before;
    const after = t.update(votingRounds).set(changes).where(eq(votingRounds.id, roundId)).returning().get();
    recordAudit(
      {
        staff: who,
        action: `round.${command.intent}`,
        entityType: "voting_round",
        entityId: roundId,
        before,
        after,
      },
      t,
    );
    return after;
  }, IMMEDIATE);
}
