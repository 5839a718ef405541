/**
 * Issue 37, the rules behind a show night: one ballot per room, phones a few seconds old, the
 * host's alarm and voided bursts, the projector's words, the staff member's projector link.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, afterEach, vi } from "vitest";
import { auditLog, votes, roundComedians } from "~/db/schema";
import { recordVote, roundAlarm } from "~/features/voting/vote-watch.server";
import {
  addComedian,
  deleteComedian,
  listComedians,
  listComediansWithVotes,
} from "~/models/comedians.server";
import { closeRound, getOpenRound, listRounds, openRound, roundComediansFor } from "~/models/rounds.server";
import { upsertStaff } from "~/models/staff.server";
import {
  castVote,
  queueVote,
  receiptFor,
  roundStandings,
  VOTES_PER_COMMIT,
  voidBurst,
} from "~/models/votes.server";
import { seedDemoData } from "../../../scripts/seeds/demo";
import { createTestDb } from "../../support/db";
import { nightSetup } from "../../support/show-night";

const token = (n: number) => `test-token-${String(n).padStart(8, "0")}`;

async function setup() {
  const db = createTestDb();
  seedDemoData(db, "2026-11-22");
  const staff = await upsertStaff("tester", "a-long-test-password", db);
  return { db, staff: { id: staff.id, username: staff.username } };
}

afterEach(() => vi.useRealTimers());

describe("votes model", () => {
  it("stores one vote per round, e-mail key and device; the same refusal whatever another device chooses", async () => {
    const { db } = await setup();
    const round = getOpenRound(null, db)!;
    const [a, b, c] = roundComediansFor(round.id, db);
    const base = {
      roundId: round.id,
      email: "fan@example.com",
      emailKey: "fan@example.com",
      ipAddress: "10.0.0.1",
      deviceId: "dev-1",
    };
    expect(castVote({ ...base, comedianId: a.id, voteToken: token(1) }, db).status).toBe("recorded");
    // Same token (lost response, double tap): same answer, nothing new.
    expect(castVote({ ...base, comedianId: a.id, voteToken: token(1) }, db).status).toBe("repeat");
    // The same device and e-mail from a fresh page: its own vote again, nothing new.
    expect(castVote({ ...base, comedianId: a.id, voteToken: token(2) }, db).status).toBe("repeat");
    // The same device with another e-mail: refused (one vote per phone).
    expect(
      castVote(
        { ...base, email: "x@example.com", emailKey: "x@example.com", comedianId: b.id, voteToken: token(3) },
        db,
      ).status,
    ).toBe("device-voted");
    // Another device with that e-mail: one refusal, whichever comedian it names (no oracle).
    const other = { ...base, deviceId: "dev-2" };
    const answers = [a, b, c].map((x, i) =>
      castVote({ ...other, comedianId: x.id, voteToken: token(10 + i) }, db),
    );
    expect(answers.map((r) => r.status)).toEqual(["already-voted", "already-voted", "already-voted"]);
    expect(answers.every((r) => !("vote" in r))).toBe(true);
    // The token of a stored vote reused with another e-mail: refused, nothing stored.
    expect(
      castVote(
        {
          ...base,
          email: "other@example.com",
          emailKey: "other@example.com",
          comedianId: b.id,
          voteToken: token(1),
        },
        db,
      ).status,
    ).toBe("token-used");
    const stored = db.select().from(votes).where(eq(votes.email, "fan@example.com")).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      comedianId: a.id,
      ipAddress: "10.0.0.1",
      deviceId: "dev-1",
      emailKey: "fan@example.com",
    });
    expect(receiptFor(round.id, { deviceId: "dev-1" }, db)?.comedianName).toBe(a.name);
    // The receipt is the voting device's only: the token alone, or another device, sees nothing.
    expect(receiptFor(round.id, { deviceId: "dev-2", voteToken: token(1) }, db)).toBeUndefined();
    expect(receiptFor(round.id, { deviceId: null, voteToken: token(1) }, db)).toBeUndefined();
  });

  it("refuses comedians outside the round and votes for closed rounds, but a retry after closing keeps its thank-you", async () => {
    const { db, staff } = await setup();
    const round = getOpenRound(null, db)!;
    const inRound = new Set(roundComediansFor(round.id, db).map((c) => c.id));
    const outsider = listComedians(db).find((c) => !inRound.has(c.id))!;
    const base = {
      roundId: round.id,
      email: "x@example.com",
      emailKey: "x@example.com",
      ipAddress: null,
      deviceId: "dev-x",
    };
    expect(castVote({ ...base, comedianId: outsider.id, voteToken: token(9) }, db).status).toBe(
      "not-in-round",
    );
    const first = [...inRound][0];
    expect(castVote({ ...base, comedianId: first, voteToken: token(10) }, db).status).toBe("recorded");
    closeRound(round.id, staff, db);
    expect(getOpenRound(null, db)).toBeUndefined();
    expect(castVote({ ...base, comedianId: first, voteToken: token(10) }, db).status).toBe("repeat");
    expect(
      castVote(
        {
          ...base,
          email: "late@example.com",
          emailKey: "late@example.com",
          deviceId: "dev-y",
          comedianId: first,
          voteToken: token(11),
        },
        db,
      ).status,
    ).toBe("round-closed");
  });

  it("opens and closes rounds with an audit entry each, and keeps past rounds' results", async () => {
    const { db, staff } = await setup();
    const seedRound = getOpenRound(null, db)!;
    const before = roundStandings(seedRound.id, db);
    expect(before.total).toBe(4);
    expect(before.rows[0]).toMatchObject({
      name: "Priya Nair",
      votes: 2,
      percentage: 50,
      rank: 1,
      leader: true,
    });

    const [c1, c2] = listComedians(db);
    const round = openRound(
      {
        title: "Final",
        comedianIds: [c1.id, c2.id, c2.id],
        eventId: null,
        eventDate: null,
        opensAt: new Date(),
        roomSeats: null,
      },
      staff,
      db,
    );
    expect(getOpenRound(round.id, db)?.id).toBe(round.id);
    // Issue 37: two rooms voting: plain /vote names neither (the voter picks their show).
    expect(getOpenRound(null, db)).toBeUndefined();
    expect(roundComediansFor(round.id, db).map((c) => c.id)).toEqual([c1.id, c2.id]);
    expect(closeRound(round.id, staff, db)?.closedAt).toBeInstanceOf(Date);
    expect(closeRound(round.id, staff, db)).toBeNull();
    const rounds = listRounds(db);
    expect(rounds.find((r) => r.id === round.id)).toMatchObject({ open: false, comedians: 2, votes: 0 });
    expect(rounds.find((r) => r.id === seedRound.id)).toMatchObject({ open: true, votes: 4 });
    const actions = db
      .select()
      .from(auditLog)
      .all()
      .map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["round.open", "round.close"]));
  });

  it("soft-deletes comedians: gone from lists and the ballot, still named in results", async () => {
    const { db, staff } = await setup();
    const round = getOpenRound(null, db)!;
    const priya = listComedians(db).find((c) => c.name === "Priya Nair")!;
    expect(deleteComedian(priya.id, staff, db)?.deletedAt).toBeInstanceOf(Date);
    expect(deleteComedian(priya.id, staff, db)).toBeNull();
    expect(listComedians(db).some((c) => c.id === priya.id)).toBe(false);
    expect(roundComediansFor(round.id, db).some((c) => c.id === priya.id)).toBe(false);
    expect(roundStandings(round.id, db).rows[0]).toMatchObject({ name: "Priya Nair", votes: 2 });
    const added = addComedian({ name: "New Comic", bio: null }, staff, db);
    expect(listComedians(db).some((c) => c.id === added.id)).toBe(true);
    const actions = db
      .select()
      .from(auditLog)
      .all()
      .map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["comedian.delete", "comedian.create"]));
  });
});

describe("comedians with their vote counts", () => {
  it("counts every round's votes per comedian in one list, zero for none, deleted ones left out", async () => {
    const database = createTestDb();
    seedDemoData(database, "2026-11-22");
    const staff = await upsertStaff("counter", "a-long-password", database);
    const extra = addComedian({ name: "Zed Zero", bio: null }, staff, database);
    const list = listComediansWithVotes(database);
    // The seed's votes: two for Priya Nair, one each for Marcus Bell and Sofia Reyes.
    const byName = Object.fromEntries(list.map((c) => [c.name, c.votes]));
    expect(byName).toMatchObject({ "Priya Nair": 2, "Marcus Bell": 1, "Sofia Reyes": 1, "Zed Zero": 0 });
    deleteComedian(extra.id, staff, database);
    expect(listComediansWithVotes(database).some((c) => c.id === extra.id)).toBe(false);
  });
});

describe("votes of one moment, stored together (queueVote)", () => {
  async function room() {
    const { db } = await setup();
    const round = getOpenRound(null, db)!;
    const [a, b] = roundComediansFor(round.id, db);
    const vote = (n: number, over: Partial<Parameters<typeof castVote>[0]> = {}) => ({
      roundId: round.id,
      comedianId: n % 2 ? a.id : b.id,
      email: `voter-${n}@example.com`,
      emailKey: `voter-${n}@example.com`,
      voteToken: token(n),
      ipAddress: "10.0.0.9",
      deviceId: `phone-${n}`,
      ...over,
    });
    const stored = () => db.select().from(votes).where(eq(votes.roundId, round.id)).all();
    return { db, vote, stored, before: stored().length };
  }

  it("applies every rule vote after vote within the batch: a double tap and a second e-mail from one phone", async () => {
    const { db, vote, stored, before } = await room();
    const answers = await Promise.all([
      queueVote(vote(1), db),
      // The same form sent twice at once (a double tap): one vote, the same thank-you.
      queueVote(vote(1), db),
      // The same phone with another e-mail, in the same moment: refused.
      queueVote(vote(2, { deviceId: "phone-1" }), db),
      queueVote(vote(3), db),
    ]);
    expect(answers.map((r) => r.status)).toEqual(["recorded", "repeat", "device-voted", "recorded"]);
    expect(stored().length - before).toBe(2);
  });

  it("refuses a vote that fails on its own and still stores the others of its batch", async () => {
    const { db, vote, stored, before } = await room();
    const broken = vote(5, { email: null as unknown as string });
    const answers = await Promise.allSettled([
      queueVote(vote(4), db),
      queueVote(broken, db),
      queueVote(vote(6), db),
    ]);
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(stored().length - before).toBe(2);
    expect(stored().some((v) => v.voteToken === token(5))).toBe(false);
  });

  it("stores a flood in slices, serving other requests between them, and answers every vote", async () => {
    const { db, vote, stored, before } = await room();
    const n = VOTES_PER_COMMIT * 2 + 7;
    const flood = Array.from({ length: n }, (_, i) => queueVote(vote(100 + i), db));
    // Another request's turn, queued behind the flood: it runs after the first slice's commit.
    const seenBetween = await new Promise<number>((resolve) => setImmediate(() => resolve(stored().length)));
    expect(seenBetween - before).toBe(VOTES_PER_COMMIT);
    const answers = await Promise.all(flood);
    expect(answers.every((r) => r.status === "recorded")).toBe(true);
    expect(stored().length - before).toBe(n);
  });

  it("answers only after the commit: a failed commit refuses the whole batch", async () => {
    const { db, vote } = await room();
    const pending = [queueVote(vote(7), db), queueVote(vote(8), db)];
    // The connection goes away before the batch commits (a shutdown, a lost volume).
    db.$client.close();
    const answers = await Promise.allSettled(pending);
    expect(answers.map((a) => a.status)).toEqual(["rejected", "rejected"]);
  });
});

describe("voiding a burst", () => {
  it("takes exactly the burst's votes off the standings, keeps them (their phones and e-mails still voted), audited", () => {
    const { db, staff, tonight, open, vote } = nightSetup();
    const round = open(tonight);
    for (let n = 0; n < 5; n++) vote(round.id, n, { comedian: n % 3 });
    for (let n = 100; n < 130; n++) vote(round.id, n, { ip: "198.51.100.9", comedian: 1 });
    const before = roundStandings(round.id, db);
    expect(before.total).toBe(35);
    const n = voidBurst(
      round.id,
      { ip: "198.51.100.9", comedianId: before.rows[0].comedianId, from: 0, to: Date.now() + 1000 },
      staff,
      db,
    );
    expect(n).toBe(30);
    const after = roundStandings(round.id, db);
    expect(after.total).toBe(5);
    expect(db.select().from(votes).where(eq(votes.roundId, round.id)).all()).toHaveLength(35);
    // The voided phones cannot vote again.
    expect(vote(round.id, 100, { ip: "198.51.100.9", comedian: 1 }).status).toBe("repeat");
    // Deleting a voided vote changes no tally (it was taken off when voided).
    db.delete(votes).where(eq(votes.ipAddress, "198.51.100.9")).run();
    expect(roundStandings(round.id, db).total).toBe(5);
    const audit = db.$client
      .prepare("select action, after from audit_log where action = 'round.void-burst'")
      .all() as {
      after: string;
    }[];
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].after)).toMatchObject({ voided: 30, ip: "198.51.100.9" });
    expect(db.select().from(roundComedians).all().length).toBeGreaterThan(0);
  });

  it("the live alarm lists the burst with the comedian's name", () => {
    const { db, tonight, open, comics } = nightSetup();
    const round = open(tonight);
    const at = 1_800_000_000_000;
    for (let i = 0; i < 25; i++) recordVote(round.id, "198.51.100.9", comics[2].id, at + i);
    for (let i = 0; i < 5; i++) recordVote(round.id, "203.0.113.7", comics[i % 3].id, at + i);
    const alarm = roundAlarm(round.id, db);
    expect(alarm.bursts).toHaveLength(1);
    expect(alarm.bursts[0]).toMatchObject({ ip: "198.51.100.9", name: "Cy", votes: 25, voided: false });
  });
});
