import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comedians, staffUsers, votingRounds } from "~/db/schema";
import { applyHostCommand, REVEAL_AFTER_CLOSE, roundDisplay } from "~/models/round-control.server";
import { getOpenRound, getRound, openRound } from "~/models/rounds.server";
import { castVote } from "~/models/votes.server";
import { createTestDb } from "../../support/db";

function setup() {
  const db = createTestDb();
  const ids = ["Ava", "Ben", "Cal"].map((name) => db.insert(comedians).values({ name }).returning().get().id);
  const staff = db
    .insert(staffUsers)
    .values({ username: "host", passwordHash: "x" })
    .returning({ id: staffUsers.id, username: staffUsers.username })
    .get();
  const round = openRound(
    {
      title: "Finals",
      comedianIds: ids,
      eventId: null,
      eventDate: null,
      opensAt: new Date(),
      roomSeats: null,
    },
    staff,
    db,
  );
  const vote = (comedianId: number, email: string) =>
    castVote(
      {
        roundId: round.id,
        comedianId,
        email,
        emailKey: email,
        voteToken: `tok-${email}-0123456789`,
        ipAddress: null,
        deviceId: `device-${email}`,
      },
      db,
    ).status;
  return { db, ids, round, vote };
}

describe("closing voting", () => {
  it("a vote after the set closing time is refused and not counted; one before it counts", () => {
    const { db, ids, round, vote } = setup();
    expect(vote(ids[0], "a@example.com")).toBe("recorded");
    applyHostCommand(round.id, { intent: "close-in", seconds: 60 }, null, new Date(), db);
    expect(vote(ids[0], "b@example.com")).toBe("recorded");
    // The closing time passes.
    db.update(votingRounds)
      .set({ closesAt: new Date(Date.now() - 1) })
      .where(eq(votingRounds.id, round.id))
      .run();
    expect(vote(ids[1], "late@example.com")).toBe("round-closed");
    expect(getOpenRound(null, db)).toBeUndefined();
    expect(roundDisplay(getRound(round.id, db)!, new Date(), db)).toMatchObject({
      open: false,
      closesIn: null,
    });
    const view = roundDisplay(getRound(round.id, db)!, new Date(), db).view;
    expect(view.mode === "live" && view.standings.total).toBe(2);
  });

  it("the countdown is announced while open", () => {
    const { db, round } = setup();
    const now = new Date();
    applyHostCommand(round.id, { intent: "close-in", seconds: 60 }, null, now, db);
    expect(roundDisplay(getRound(round.id, db)!, now, db)).toMatchObject({
      open: true,
      closesIn: 60,
      changesAt: now.getTime() + 60_000,
    });
  });
});

describe("the host's reveal (issue 37: close and reveal are separate steps)", () => {
  it("hidden: no order until revealed; a reveal before the close is refused; after it, last place first, the phases say so", () => {
    const { db, ids, round, vote } = setup();
    const display = () => roundDisplay(getRound(round.id, db)!, new Date(), db);
    applyHostCommand(round.id, { intent: "mode", mode: "hidden" }, null, new Date(), db);
    vote(ids[0], "a@example.com");
    vote(ids[0], "b@example.com");
    vote(ids[1], "c@example.com");
    const before = display();
    expect(before.view).toMatchObject({
      mode: "hidden",
      total: 3,
      waiting: ["Ava", "Ben", "Cal"],
      revealed: [],
    });
    expect(before.phase).toEqual({ kind: "open", votes: 3 });
    // The first "Reveal next" no longer closes voting behind the host's back.
    expect(applyHostCommand(round.id, { intent: "reveal-next" }, null, new Date(), db)).toEqual({
      ok: false,
      error: REVEAL_AFTER_CLOSE,
    });
    expect(display().open).toBe(true);
    expect(vote(ids[2], "d@example.com")).toBe("recorded");
    applyHostCommand(round.id, { intent: "close-now" }, null, new Date(), db);
    expect(display().phase).toEqual({ kind: "closed", votes: 4 });
    expect(vote(ids[2], "late@example.com")).toBe("round-closed");
    applyHostCommand(round.id, { intent: "reveal-next" }, null, new Date(), db);
    const after = display();
    // Ben and Cal tie on one vote: they share the last place and are revealed together.
    expect(after.view.mode === "hidden" && after.view.revealed.map((r) => r.name)).toEqual(["Ben", "Cal"]);
    expect(after.phase).toEqual({ kind: "revealing", shown: 1, of: 2 });
    applyHostCommand(round.id, { intent: "reveal-next" }, null, new Date(), db);
    const done = display();
    expect(done.view.mode === "hidden" && done.view.revealed.map((r) => r.name)).toEqual([
      "Ava",
      "Ben",
      "Cal",
    ]);
    expect(done.view.mode === "hidden" && done.view.complete).toBe(true);
    expect(done.phase).toEqual({ kind: "winner", names: ["Ava"], votes: 4 });
  });

  it("'close voting and start the reveal' does both, by name, from live standings", () => {
    const { db, ids, round, vote } = setup();
    vote(ids[0], "a@example.com");
    vote(ids[1], "b@example.com");
    vote(ids[1], "c@example.com");
    const outcome = applyHostCommand(round.id, { intent: "close-and-reveal" }, null, new Date(), db);
    expect(outcome?.ok).toBe(true);
    const d = roundDisplay(getRound(round.id, db)!, new Date(), db);
    expect(d.open).toBe(false);
    expect(d.view.mode).toBe("hidden");
    expect(d.phase).toEqual({ kind: "revealing", shown: 1, of: 3 });
    expect(d.view.mode === "hidden" && d.view.revealed.map((r) => r.name)).toEqual(["Cal"]);
    // Not twice.
    expect(applyHostCommand(round.id, { intent: "close-and-reveal" }, null, new Date(), db)?.ok).toBe(false);
  });

  it("a scheduled round is neither open nor closed until its time, and says so", () => {
    const { db, round } = setup();
    const later = new Date(Date.now() + 3600_000);
    db.update(votingRounds).set({ openedAt: later }).where(eq(votingRounds.id, round.id)).run();
    const d = roundDisplay(getRound(round.id, db)!, new Date(), db);
    expect(d.phase).toEqual({ kind: "scheduled" });
    expect(d.changesAt).toBe(later.getTime());
    expect(roundDisplay(getRound(round.id, db)!, new Date(later.getTime() + 1), db).phase.kind).toBe("open");
  });
});
