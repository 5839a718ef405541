import { eq } from "drizzle-orm";
import { votingRounds, type VotingRound } from "~/db/schema";
import {
  isVotingOpen,
  revealSteps,
  revealedStepsAt,
  roundPhase,
  secondsUntilClose,
  standingsView,
  type RoundPhase,
  type StandingsView,
} from "~/lib/reveal";
import { ticketCountFrozen, type TicketCount } from "~/lib/ticket-votes";
import { recordAudit } from "~/models/audit.server";
import type { StaffIdentity } from "~/models/staff.server";
import { markTicketVotes, roundStandings, ticketCount } from "~/models/votes.server";
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
  /** Issue 37: what the round is doing, in one word and its figures (app/lib/reveal.ts roundPhase). */
  phase: RoundPhase;
  /** When this display changes by itself (opening, auto reveal step, closing time), ms since epoch. */
  changesAt: number | null;
  /** Issue 41: which votes are counted, in a round that checks tickets (null otherwise). */
  tickets: TicketCount | null;
};

export function roundDisplay(round: VotingRound, now = new Date(), database: DB = db()): RoundDisplay {
  const view = standingsView(round, roundStandings(round.id, database), now);
  const open = isVotingOpen(round, now);
  const scheduled = !round.closedAt && round.openedAt !== null && round.openedAt > now;
  const opensAt = scheduled ? round.openedAt!.getTime() : null;
  const closeAt = open && round.closesAt ? round.closesAt.getTime() : null;
  const next = view.mode === "hidden" ? view.nextRevealAt : null;
  const changesAt =
    [opensAt, closeAt, next].filter((t): t is number => t !== null).sort((a, b) => a - b)[0] ?? null;
  return {
    roundId: round.id,
    open,
    closesIn: secondsUntilClose(round, now),
    view,
    phase: roundPhase({ open, scheduled }, view),
    changesAt,
    tickets: ticketCount(round, database),
  };
}

export type HostCommand =
  | { intent: "mode"; mode: "live" | "hidden" }
  | { intent: "reveal-next" }
  | { intent: "reveal-auto"; everySeconds: number }
  | { intent: "close-in"; seconds: number }
  | { intent: "close-now" }
  | { intent: "close-and-reveal" }
  /**
   * Issue 41: count ticket holders only ("require"), or the unverified votes too ("prefer"); in a
   * round without a check, turns it on (the votes already cast are marked, each voter mailed).
   */
  | { intent: "tickets"; rule: "require" | "prefer" };

export type HostOutcome = { ok: true; round: VotingRound } | { ok: false; error: string } | null;

/** Why a ticket check cannot be turned on: the round is not for one performance of a show. */
export const NO_TICKETS_TO_CHECK = "This round is not for a show's date: there are no tickets to check.";

/** Why a reveal is refused while voting is open. */
export const REVEAL_AFTER_CLOSE = "Close voting first: the reveal starts once voting has closed.";

/**
 * Applies one host command. Closing and revealing are separate steps (issue 37): a reveal is
 * refused while voting is open (an order that can still change is not a result), and only
 * "close-and-reveal" does both, by name. Null when the round does not exist.
 */
export function applyHostCommand(
  roundId: number,
  command: HostCommand,
  who: StaffIdentity | null,
  now = new Date(),
  database: DB = db(),
): HostOutcome {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const before = t.select().from(votingRounds).where(eq(votingRounds.id, roundId)).get();
    if (!before) return null;
    const changes: Partial<typeof votingRounds.$inferInsert> = {};
    const closeNow = () => {
      if (isVotingOpen(before, now)) changes.closedAt = now;
      else if (before.openedAt && !before.closedAt && before.closesAt) changes.closedAt = before.closesAt;
    };
    const reveal = (everySeconds: number | null, state = before) => {
      const total = revealSteps(roundStandings(roundId, t)).length;
      const current = revealedStepsAt(state, now, total);
      if (everySeconds === null) {
        Object.assign(changes, {
          revealedSteps: Math.min(total, current + 1),
          revealEverySeconds: null,
          revealStartedAt: null,
        });
      } else {
        // Continues from what is shown: the next place appears now, then one every N seconds.
        Object.assign(changes, {
          revealedSteps: current,
          revealEverySeconds: everySeconds,
          revealStartedAt: new Date(now.getTime() - current * everySeconds * 1000),
        });
      }
    };
    switch (command.intent) {
      case "mode":
        changes.standingsMode = command.mode;
        if (command.mode === "hidden")
          Object.assign(changes, { revealedSteps: 0, revealEverySeconds: null, revealStartedAt: null });
        break;
      case "reveal-next":
      case "reveal-auto":
        if (before.standingsMode !== "hidden") return { ok: true, round: before };
        if (isVotingOpen(before, now)) return { ok: false, error: REVEAL_AFTER_CLOSE };
        reveal(command.intent === "reveal-next" ? null : command.everySeconds);
        break;
      case "close-and-reveal": {
        if (!isVotingOpen(before, now)) return { ok: false, error: "Voting has already closed." };
        closeNow();
        // The standings were live: hide them, then show the first (last) place.
        const fresh = {
          standingsMode: "hidden" as const,
          revealedSteps: 0,
          revealEverySeconds: null,
          revealStartedAt: null,
        };
        Object.assign(changes, fresh);
        reveal(null, { ...before, ...fresh });
        break;
      }
      case "close-in":
        if (!isVotingOpen(before, now)) return { ok: true, round: before };
        changes.closesAt = new Date(now.getTime() + command.seconds * 1000);
        break;
      case "close-now":
        closeNow();
        break;
      case "tickets":
        // A reveal under way shows places of one count; another count would reorder them.
        if (ticketCountFrozen(before))
          return { ok: false, error: "The reveal has started: the count stays as it is." };
        if (before.ticketCheck === "off" && (before.eventId === null || before.eventDate === null))
          return { ok: false, error: NO_TICKETS_TO_CHECK };
        changes.ticketCheck = command.rule;
        break;
    }
    if (Object.keys(changes).length === 0) return { ok: true, round: before };
    const after = t.update(votingRounds).set(changes).where(eq(votingRounds.id, roundId)).returning().get();
    // Issue 41: the check turned on after votes came in: they are marked now, each voter told.
    if (before.ticketCheck === "off" && after.ticketCheck !== "off") markTicketVotes(after, "check-on", t);
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
    return { ok: true, round: after };
  }, IMMEDIATE);
}
