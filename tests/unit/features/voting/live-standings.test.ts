import { describe, expect, it } from "vitest";
import { standingsEvent } from "~/features/voting/live-standings.server";
import { bursts } from "~/lib/vote-patterns";
import { getOpenRound, roundComediansFor } from "~/models/rounds.server";
import { castVote, voteArrivals, voteBursts } from "~/models/votes.server";
import { notifyRoundChanged } from "~/utils/vote-events.server";
import { seedDemoData } from "../../../../scripts/seeds/demo";
import { createTestDb } from "../../../support/db";

function setup() {
  const db = createTestDb();
  seedDemoData(db, "2026-11-22");
  const round = getOpenRound(null, db)!;
  const [a] = roundComediansFor(round.id, db);
  let n = 0;
  const vote = (ip: string) => {
    n++;
    const email = `v${n}@example.com`;
    castVote(
      {
        roundId: round.id,
        comedianId: a.id,
        email,
        emailKey: email,
        voteToken: `growth-test-token-${String(n).padStart(6, "0")}`,
        ipAddress: ip,
        deviceId: `device-${n}`,
      },
      db,
    );
  };
  return { db, round, vote };
}

describe("issue 20: costs that grew with the votes", () => {
  it("the host's burst list is counted by SQLite, bounded, and agrees with the rule in app/lib", () => {
    const { db, round, vote } = setup();
    for (let i = 0; i < 35; i++) vote("10.0.0.1");
    for (let i = 0; i < 5; i++) vote("10.0.0.2");
    const fromSql = voteBursts(round.id, 30, 20, db);
    expect(fromSql).toEqual(bursts(voteArrivals(round.id, db)).slice(0, 20));
    expect(fromSql).toHaveLength(1);
    expect(fromSql[0]).toMatchObject({ ip: "10.0.0.1", votes: 35 });
    expect(voteBursts(round.id, 30, 0, db)).toEqual([]);
  });

  it("streams waking together share one reading of the standings; a vote gives the next one fresh", () => {
    const { db, round, vote } = setup();
    const first = standingsEvent(round.id, db, 1_000);
    // 500 listeners within the window: the same reading (one query, not 500).
    for (let i = 0; i < 500; i++) expect(standingsEvent(round.id, db, 1_050)).toBe(first);
    vote("10.0.0.9");
    notifyRoundChanged(round.id);
    const after = standingsEvent(round.id, db, 1_060);
    expect(after).not.toBe(first);
    expect(after!.display.view).not.toEqual(first!.display.view);
    // And a reading older than the window is not reused.
    expect(standingsEvent(round.id, db, 5_000)).not.toBe(after);
  });
});
