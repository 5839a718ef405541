/**
 * Issue 20: the open rounds are kept until the next commit; issue 37: time alone opens a
 * scheduled round or closes one at its closing time. These are the ways a kept answer could go
 * stale; each must be seen at once.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { votingRounds, votes } from "~/db/schema";
import { ballotFor, getOpenRound, closedRoundOfDevice, closeRound } from "~/models/rounds.server";
import { openDatabase } from "~/utils/db.server";
import { tempDatabase } from "../../support/db";
import { nightSetup } from "../../support/show-night";
import { closeTestRound, createRound } from "../../support/voting";

afterEach(() => vi.useRealTimers());

describe("the open round, kept between commits", () => {
  it("a round closed through the same connection is gone at the next read", () => {
    const { database } = tempDatabase("memo-same", () => null, { keepOpen: true });
    try {
      const { roundId } = createRound(database, "Night", [{ name: "A" }]);
      expect(getOpenRound(null, database)?.id).toBe(roundId);
      closeTestRound(database, roundId);
      expect(getOpenRound(null, database)).toBeUndefined();
      expect(getOpenRound(roundId, database)).toBeUndefined();
    } finally {
      database.$client.close();
    }
  });

  it("a round opened or closed by another process (a CLI, a restore) is seen from the next turn of the event loop", async () => {
    const { file, database } = tempDatabase("memo-other", () => null, { keepOpen: true });
    const other = openDatabase(file);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    try {
      expect(getOpenRound(null, database)).toBeUndefined();
      const { roundId } = createRound(other, "Night", [{ name: "A" }]);
      await nextTurn();
      expect(getOpenRound(null, database)?.id).toBe(roundId);
      closeTestRound(other, roundId);
      await nextTurn();
      expect(getOpenRound(null, database)).toBeUndefined();
    } finally {
      other.$client.close();
      database.$client.close();
    }
  });

  it("a round whose closing time passes closes without any write; plain /vote then shows the other room's round only once it is the only one", () => {
    const { database } = tempDatabase("memo-time", () => null, { keepOpen: true });
    try {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-23T21:00:00Z"));
      const older = createRound(database, "Early", [{ name: "A" }]);
      const newer = createRound(database, "Late", [{ name: "B" }]);
      database
        .update(votingRounds)
        .set({ openedAt: new Date("2026-11-23T21:00:01Z"), closesAt: new Date("2026-11-23T21:05:00Z") })
        .where(eq(votingRounds.id, newer.roundId))
        .run();
      vi.setSystemTime(new Date("2026-11-23T21:00:02Z"));
      // Two rooms voting: plain /vote names neither; each round's own link leads to it.
      expect(getOpenRound(null, database)).toBeUndefined();
      expect(ballotFor(null, database).kind).toBe("choose");
      expect(getOpenRound(newer.roundId, database)?.id).toBe(newer.roundId);
      vi.setSystemTime(new Date("2026-11-23T21:05:00Z"));
      expect(getOpenRound(newer.roundId, database)).toBeUndefined();
      // Its phones see their own round closed, never the other ballot.
      expect(ballotFor(newer.roundId, database)).toMatchObject({
        kind: "closed",
        round: { id: newer.roundId },
      });
      expect(getOpenRound(null, database)?.id).toBe(older.roundId);
    } finally {
      database.$client.close();
    }
  });

  it("a scheduled round opens at its time without any write", () => {
    const { database } = tempDatabase("memo-scheduled", () => null, { keepOpen: true });
    try {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-23T21:00:00Z"));
      const later = createRound(database, "Later", [{ name: "A" }]);
      database
        .update(votingRounds)
        .set({ openedAt: new Date("2026-11-23T21:30:00Z") })
        .where(eq(votingRounds.id, later.roundId))
        .run();
      expect(ballotFor(later.roundId, database).kind).toBe("scheduled");
      expect(getOpenRound(null, database)).toBeUndefined();
      vi.setSystemTime(new Date("2026-11-23T21:30:00Z"));
      expect(ballotFor(later.roundId, database).kind).toBe("open");
      expect(getOpenRound(null, database)?.id).toBe(later.roundId);
    } finally {
      database.$client.close();
    }
  });

  it("a kept round cannot be changed by one caller for the others", () => {
    const { database } = tempDatabase("memo-frozen", () => null, { keepOpen: true });
    try {
      createRound(database, "Night", [{ name: "A" }]);
      const round = getOpenRound(null, database)!;
      expect(() => Object.assign(round, { title: "changed" })).toThrow(TypeError);
      expect(getOpenRound(null, database)?.title).toMatch(/^Night /);
    } finally {
      database.$client.close();
    }
  });
});

describe("one ballot per room", () => {
  it("opening next week's round never swaps tonight's ballot: each round by its id; plain /vote asks which show", () => {
    const { db, tonight, nextWeek, open } = nightSetup();
    const ours = open(tonight);
    expect(ballotFor(null, db)).toMatchObject({
      kind: "open",
      round: { id: ours.id, show: { title: "Tonight" } },
    });
    const theirs = open(nextWeek);
    expect(ballotFor(ours.id, db)).toMatchObject({ kind: "open", round: { id: ours.id } });
    const plain = ballotFor(null, db);
    expect(plain.kind).toBe("choose");
    expect(plain.kind === "choose" && plain.rounds.map((r) => r.id).sort()).toEqual(
      [ours.id, theirs.id].sort(),
    );
    expect(getOpenRound(null, db)).toBeUndefined();
  });

  it("after its round closes, a room's phones see it closed, never the round still open", () => {
    const { db, staff, tonight, nextWeek, open, vote } = nightSetup();
    const ours = open(tonight);
    const theirs = open(nextWeek);
    expect(vote(ours.id, 1, { device: "phone-in-the-room-0001" }).status).toBe("recorded");
    closeRound(ours.id, staff, db);
    expect(ballotFor(ours.id, db)).toMatchObject({
      kind: "closed",
      round: { id: ours.id, show: { title: "Tonight" } },
    });
    // Plain /vote would show the only open round (next week's) to a stranger...
    expect(ballotFor(null, db)).toMatchObject({ kind: "open", round: { id: theirs.id } });
    // ...but a phone that voted tonight is shown tonight's closed round.
    expect(closedRoundOfDevice("phone-in-the-room-0001", db)?.id).toBe(ours.id);
    expect(closedRoundOfDevice("another-phone-0000001", db)).toBeUndefined();
    // A vote sent to the closed round is refused, never moved to another round.
    expect(vote(ours.id, 2).status).toBe("round-closed");
    expect(db.select().from(votes).where(eq(votes.roundId, theirs.id)).all()).toHaveLength(0);
  });

  it("a scheduled round opens at its time; closing it before then calls it off", () => {
    const { db, staff, nextWeek, open } = nightSetup();
    const later = open(nextWeek, new Date(Date.now() + 3600_000));
    expect(ballotFor(later.id, db).kind).toBe("scheduled");
    expect(ballotFor(null, db).kind).toBe("none");
    expect(closeRound(later.id, staff, db)?.closedAt).toBeInstanceOf(Date);
    expect(ballotFor(later.id, db).kind).toBe("closed");
  });
});

describe("stored with the round", () => {
  it("a round keeps its show's date", () => {
    const { db, tonight, open } = nightSetup();
    const round = open(tonight);
    expect(db.select().from(votingRounds).where(eq(votingRounds.id, round.id)).get()).toMatchObject({
      eventId: tonight.id,
      eventDate: "2026-11-26",
    });
  });
});
