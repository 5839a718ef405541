import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comedians, staffUsers, votingRounds } from "~/db/schema";
import { applyHostCommand, roundDisplay } from "~/models/round-control.server";
import { castVote, getOpenRound, getRound, openRound } from "~/models/votes.server";
import { createTestDb } from "../support/db";

function setup() {
  const db = createTestDb();
  const ids = ["Ava", "Ben", "Cal"].map((name) => db.insert(comedians).values({ name }).returning().get().id);
  const staff = db
    .insert(staffUsers)
    .values({ username: "host", passwordHash: "x" })
    .returning({ id: staffUsers.id, username: staffUsers.username })
    .get();
  const round = openRound({ title: "Finals", comedianIds: ids }, staff, db);
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

describe("the host's reveal", () => {
  it("hidden: no order until revealed; the first reveal closes voting and shows last place only", () => {
    const { db, ids, round, vote } = setup();
    applyHostCommand(round.id, { intent: "mode", mode: "hidden" }, null, new Date(), db);
    vote(ids[0], "a@example.com");
    vote(ids[0], "b@example.com");
    vote(ids[1], "c@example.com");
    const before = roundDisplay(getRound(round.id, db)!, new Date(), db);
    expect(before.view).toMatchObject({
      mode: "hidden",
      total: 3,
      waiting: ["Ava", "Ben", "Cal"],
      revealed: [],
    });
    applyHostCommand(round.id, { intent: "reveal-next" }, null, new Date(), db);
    expect(vote(ids[2], "late@example.com")).toBe("round-closed");
    const after = roundDisplay(getRound(round.id, db)!, new Date(), db);
    expect(after.open).toBe(false);
    expect(after.view.mode === "hidden" && after.view.revealed.map((r) => r.name)).toEqual(["Cal"]);
    applyHostCommand(round.id, { intent: "reveal-next" }, null, new Date(), db);
    applyHostCommand(round.id, { intent: "reveal-next" }, null, new Date(), db);
    const done = roundDisplay(getRound(round.id, db)!, new Date(), db).view;
    expect(done.mode === "hidden" && done.revealed.map((r) => r.name)).toEqual(["Ava", "Ben", "Cal"]);
    expect(done.mode === "hidden" && done.complete).toBe(true);
  });
});
