import type { Standing, Standings } from "./results";

/**
 * Issue 18, the host's night: when voting is open, when it closes, and what the projector
 * may show of the standings (live, or hidden until the host reveals them last to first).
 * Pure; docs/decisions/reveal-and-closing.md explains the choices.
 */
export type RoundClock = { openedAt: Date | null; closedAt: Date | null; closesAt: Date | null };

/**
 * Open from openedAt (staff open a round now, or schedule it: issue 37) until closed by hand or
 * until the set closing instant (exclusive).
 */
export function isVotingOpen(round: RoundClock, now: Date): boolean {
  if (!round.openedAt || round.closedAt || now.getTime() < round.openedAt.getTime()) return false;
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
      /** Places (steps) revealed so far, and in all (tied comics share one). */
      shown: number;
      steps: number;
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
    shown,
    steps: steps.length,
    nextRevealAt,
  };
}

/**
 * Issue 37: what the projector and /results say the round is doing, always the truth:
 * voting open (with the live count), voting closed, revealing n of N places, or the winner.
 * Revealing only ever follows the close (round-control.server.ts refuses it before).
 */
export type RoundPhase =
  | { kind: "scheduled" }
  | { kind: "open"; votes: number }
  | { kind: "closed"; votes: number }
  | { kind: "revealing"; shown: number; of: number }
  | { kind: "winner"; names: string[]; votes: number };

export function roundPhase(state: { open: boolean; scheduled: boolean }, view: StandingsView): RoundPhase {
  const votes = view.mode === "live" ? view.standings.total : view.total;
  if (state.scheduled) return { kind: "scheduled" };
  if (state.open) return { kind: "open", votes };
  // Nobody voted: there is no order to reveal and no winner to name.
  if (view.mode === "hidden" && view.shown > 0 && votes > 0) {
    if (!view.complete) return { kind: "revealing", shown: view.shown, of: view.steps };
    return { kind: "winner", names: view.revealed.filter((r) => r.rank === 1).map((r) => r.name), votes };
  }
  return { kind: "closed", votes };
}

const votesText = (n: number) => `${n} vote${n === 1 ? "" : "s"}`;

/** The phase in words, as the projector's header and the host's screen say it. */
export function phaseText(phase: RoundPhase): string {
  switch (phase.kind) {
    case "scheduled":
      return "Voting has not opened yet";
    case "open":
      return `Voting open · ${votesText(phase.votes)}`;
    case "closed":
      return `Voting closed · ${votesText(phase.votes)}`;
    case "revealing":
      return `Revealing ${phase.shown} of ${phase.of}`;
    case "winner":
      return phase.names.length > 1
        ? `Winners: ${phase.names.join(" and ")}`
        : `Winner: ${phase.names[0] ?? ""}`;
  }
}
