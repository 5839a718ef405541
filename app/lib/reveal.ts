import type { Standing, Standings } from "./results";

/**
 * Issue 18, the host's night: when voting is open, when it closes, and what the projector
 * may show of the standings (live, or hidden until the host reveals them last to first).
 * Pure; docs/decisions/reveal-and-closing.md explains the choices.
 */
export type RoundClock = { openedAt: Date | null; closedAt: Date | null; closesAt: Date | null };

/** Open from openedAt until closed by hand or until the set closing instant (exclusive). */
export function isVotingOpen(round: RoundClock, now: Date): boolean {
  if (!round.openedAt || round.closedAt) return false;
  return !round.closesAt || now.getTime() < round.closesAt.getTime();
}

/** Whole seconds left before the set closing instant (null when none is set or voting is over). */
export function secondsUntilClose(round: RoundClock, now: Date): number | null {
  if (!round.closesAt || !isVotingOpen(round, now)) return null;
  return Math.max(1, Math.ceil((round.closesAt.getTime() - now.getTime()) / 1000));
}

export function closingText(seconds: number): string {
  if (seconds < 120) return `Voting closes in ${seconds} s`;
  return `Voting closes in ${Math.ceil(seconds / 60)} min`;
}

/** The message a vote arriving after the close gets (the round's own closing time in it). */
export function lateVoteMessage(closedAtText: string | null): string {
  return closedAtText
    ? `Voting for this round closed at ${closedAtText}. Your vote was not counted.`
    : "Voting for this round has closed. Your vote was not counted.";
}

/**
 * The reveal order: places from last to first. Comics tied on votes share a place and are
 * revealed together in one step (revealing one of them first would invent an order).
 */
export function revealSteps(standings: Standings): Standing[][] {
  const groups: Standing[][] = [];
  for (const row of standings.rows) {
    const last = groups[groups.length - 1];
    if (last && last[0].rank === row.rank) last.push(row);
    else groups.push([row]);
  }
  return groups.reverse();
}

export type RevealState = {
  standingsMode: "live" | "hidden";
  revealedSteps: number;
  revealEverySeconds: number | null;
  revealStartedAt: Date | null;
};

/** How many steps are revealed at `now` (the automatic reveal adds one every N seconds). */
export function revealedStepsAt(state: RevealState, now: Date, totalSteps: number): number {
  let steps = state.revealedSteps;
  if (state.revealEverySeconds && state.revealStartedAt) {
    const elapsed = now.getTime() - state.revealStartedAt.getTime();
    if (elapsed >= 0) steps = Math.max(steps, Math.floor(elapsed / (state.revealEverySeconds * 1000)) + 1);
  }
  return Math.min(Math.max(0, steps), totalSteps);
}

export type StandingsView =
  | { mode: "live"; standings: Standings }
  | {
      mode: "hidden";
      total: number;
      /** Comics not revealed yet, alphabetically: names only, never their order. */
      waiting: string[];
      /** Revealed places, best first (the way the table reads). */
      revealed: Standing[];
      complete: boolean;
      /** When the automatic reveal shows the next place (ms since epoch), if it runs. */
      nextRevealAt: number | null;
    };

/** What the projector and the host's screen may show at `now`. */
export function standingsView(state: RevealState, standings: Standings, now: Date): StandingsView {
  if (state.standingsMode === "live") return { mode: "live", standings };
  const steps = revealSteps(standings);
  const shown = revealedStepsAt(state, now, steps.length);
  const revealed = steps.slice(0, shown).reverse().flat();
  const revealedIds = new Set(revealed.map((r) => r.comedianId));
  const complete = shown >= steps.length;
  const nextRevealAt =
    !complete && state.revealEverySeconds && state.revealStartedAt
      ? state.revealStartedAt.getTime() + shown * state.revealEverySeconds * 1000
      : null;
  return {
    mode: "hidden",
    total: standings.total,
    waiting: standings.rows
      .filter((r) => !revealedIds.has(r.comedianId))
      .map((r) => r.name)
      .sort((a, b) => a.localeCompare(b, "en")),
    revealed,
    complete,
    nextRevealAt,
  };
}
