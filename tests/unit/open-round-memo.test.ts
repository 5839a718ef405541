/**
 * Issue 20: the open rounds are kept until the next commit; issue 37: time alone opens a
 * scheduled round or closes one at its closing time. These are the ways a kept answer could go
 * stale; each must be seen at once.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { votingRounds } from "~/db/schema";
import { ballotFor, getOpenRound } from "~/models/rounds.server";
import { openDatabase } from "~/utils/db.server";
import { tempDatabase } from "../support/db";
import { closeTestRound, createRound } from "../support/voting";

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
