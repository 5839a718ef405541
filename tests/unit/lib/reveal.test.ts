/**
 * Issue 37, the rules behind a show night: one ballot per room, phones a few seconds old, the
 * host's alarm and voided bursts, the projector's words, the staff member's projector link.
 */
import { describe, expect, it, afterEach, vi } from "vitest";
import { computeStandings } from "~/lib/results";
import {
  closingText,
  isVotingOpen,
  lateVoteMessage,
  revealSteps,
  revealedStepsAt,
  secondsUntilClose,
  standingsView,
  phaseText,
} from "~/lib/reveal";

const t0 = new Date("2026-11-20T02:00:00Z");

const at = (s: number) => new Date(t0.getTime() + s * 1000);

const standings = computeStandings([
  { comedianId: 1, name: "Ava", votes: 10 },
  { comedianId: 2, name: "Ben", votes: 4 },
  { comedianId: 3, name: "Cal", votes: 4 },
  { comedianId: 4, name: "Dee", votes: 1 },
]);

const hidden = {
  standingsMode: "hidden" as const,
  revealedSteps: 0,
  revealEverySeconds: null,
  revealStartedAt: null,
};

afterEach(() => vi.useRealTimers());

describe("closing voting", () => {
  const round = { openedAt: t0, closedAt: null, closesAt: at(60) };
  it("a vote before the set time counts; one at or after it is late", () => {
    expect(isVotingOpen(round, at(59.9))).toBe(true);
    expect(isVotingOpen(round, at(60))).toBe(false);
    expect(isVotingOpen(round, at(3600))).toBe(false);
    expect(isVotingOpen({ ...round, closesAt: null }, at(3600))).toBe(true);
    expect(isVotingOpen({ ...round, closedAt: at(10) }, at(5))).toBe(false);
    expect(isVotingOpen({ ...round, openedAt: null }, at(5))).toBe(false);
  });
  it("counts down in whole seconds", () => {
    expect(secondsUntilClose(round, t0)).toBe(60);
    expect(secondsUntilClose(round, at(59.5))).toBe(1);
    expect(secondsUntilClose(round, at(60))).toBeNull();
    expect(closingText(60)).toBe("Voting closes in 60 s");
    expect(closingText(300)).toBe("Voting closes in 5 min");
  });
});

describe("the reveal", () => {
  it("goes from last place to first, ties revealed together", () => {
    expect(revealSteps(standings).map((g) => g.map((r) => r.name))).toEqual([
      ["Dee"],
      ["Ben", "Cal"],
      ["Ava"],
    ]);
  });

  it("hidden: names without order and the vote count, never the order", () => {
    const view = standingsView(hidden, standings, t0);
    expect(view).toMatchObject({
      mode: "hidden",
      total: 19,
      waiting: ["Ava", "Ben", "Cal", "Dee"],
      revealed: [],
      complete: false,
    });
    expect(JSON.stringify(view)).not.toContain('"votes"');
  });

  it("one press, one place; the tied pair is one press; the last press shows the winner", () => {
    const names = (steps: number) => {
      const v = standingsView({ ...hidden, revealedSteps: steps }, standings, t0);
      return v.mode === "hidden"
        ? { revealed: v.revealed.map((r) => r.name), waiting: v.waiting, complete: v.complete }
        : null;
    };
    expect(names(1)).toEqual({ revealed: ["Dee"], waiting: ["Ava", "Ben", "Cal"], complete: false });
    expect(names(2)).toEqual({ revealed: ["Ben", "Cal", "Dee"], waiting: ["Ava"], complete: false });
    expect(names(3)).toEqual({ revealed: ["Ava", "Ben", "Cal", "Dee"], waiting: [], complete: true });
    expect(names(9)).toEqual(names(3));
  });

  it("automatic: one more place every N seconds from the start, with the next change announced", () => {
    const auto = { ...hidden, revealEverySeconds: 5, revealStartedAt: t0 };
    expect(revealedStepsAt(auto, at(0), 3)).toBe(1);
    expect(revealedStepsAt(auto, at(4.9), 3)).toBe(1);
    expect(revealedStepsAt(auto, at(5), 3)).toBe(2);
    expect(revealedStepsAt(auto, at(60), 3)).toBe(3);
    const view = standingsView(auto, standings, at(1));
    expect(view.mode === "hidden" && view.nextRevealAt).toBe(at(5).getTime());
  });

  it("live mode shows the standings as they are", () => {
    expect(standingsView({ ...hidden, standingsMode: "live" }, standings, t0)).toEqual({
      mode: "live",
      standings,
    });
  });
});

describe("the reveal and closing at their edges", () => {
  it("counts down in seconds below two minutes, in minutes from two minutes", () => {
    expect(closingText(119)).toBe("Voting closes in 119 s");
    expect(closingText(120)).toBe("Voting closes in 2 min");
    expect(closingText(121)).toBe("Voting closes in 3 min");
  });

  it("tells a late voter when the round closed, or just that it did", () => {
    expect(lateVoteMessage("9:41 PM")).toBe(
      "Voting for this round closed at 9:41 PM. Your vote was not counted.",
    );
    expect(lateVoteMessage(null)).toBe("Voting for this round has closed. Your vote was not counted.");
  });

  it("the automatic reveal needs both its pace and its start; the host's own steps count otherwise", () => {
    expect(revealedStepsAt({ ...hidden, revealedSteps: 1, revealEverySeconds: 5 }, at(60), 3)).toBe(1);
    expect(revealedStepsAt({ ...hidden, revealedSteps: 1, revealStartedAt: t0 }, at(60), 3)).toBe(1);
    expect(revealedStepsAt({ ...hidden, revealEverySeconds: 5, revealStartedAt: t0 }, at(5), 3)).toBe(2);
  });

  it("no next reveal time when the reveal is by hand or complete", () => {
    const byHand = standingsView({ ...hidden, revealStartedAt: t0 }, standings, at(1));
    expect(byHand.mode === "hidden" && byHand.nextRevealAt).toBeNull();
    const done = standingsView({ ...hidden, revealEverySeconds: 5, revealStartedAt: t0 }, standings, at(60));
    expect(done.mode === "hidden" && done.complete).toBe(true);
    expect(done.mode === "hidden" && done.nextRevealAt).toBeNull();
  });

  it("waiting lists only comics not revealed yet, alphabetically, whatever their order in the table", () => {
    const tallies = computeStandings([
      { comedianId: 1, name: "Zed", votes: 9 },
      { comedianId: 2, name: "Amy", votes: 5 },
      { comedianId: 3, name: "Mo", votes: 1 },
    ]);
    const view = standingsView({ ...hidden, revealedSteps: 1 }, tallies, t0);
    expect(view.mode === "hidden" && view.waiting).toEqual(["Amy", "Zed"]);
    expect(view.mode === "hidden" && view.revealed.map((r) => r.name)).toEqual(["Mo"]);
  });
});

describe("the projector's words", () => {
  it("say open with the count, closed, revealing n of N, or the winner", () => {
    expect(phaseText({ kind: "open", votes: 1 })).toBe("Voting open · 1 vote");
    expect(phaseText({ kind: "open", votes: 300 })).toBe("Voting open · 300 votes");
    expect(phaseText({ kind: "closed", votes: 0 })).toBe("Voting closed · 0 votes");
    expect(phaseText({ kind: "revealing", shown: 2, of: 5 })).toBe("Revealing 2 of 5");
    expect(phaseText({ kind: "winner", names: ["Ada"], votes: 9 })).toBe("Winner: Ada");
    expect(phaseText({ kind: "winner", names: ["Ada", "Bo"], votes: 9 })).toBe("Winners: Ada and Bo");
    expect(phaseText({ kind: "scheduled" })).toBe("Voting has not opened yet");
  });
});
