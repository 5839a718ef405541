import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, votes } from "~/db/schema";
import { seedDemoData } from "~/db/seed.server";
import {
  addComedian,
  deleteComedian,
  listComedians,
  listComediansWithVotes,
} from "~/models/comedians.server";
import { upsertStaff } from "~/models/staff.server";
import {
  castVote,
  closeRound,
  getOpenRound,
  listRounds,
  openRound,
  receiptFor,
  roundComediansFor,
  roundStandings,
} from "~/models/votes.server";
import { createTestDb } from "../support/db";

const token = (n: number) => `test-token-${String(n).padStart(8, "0")}`;

async function setup() {
  const db = createTestDb();
  seedDemoData(db, "2026-11-22");
  const staff = await upsertStaff("tester", "a-long-test-password", db);
  return { db, staff: { id: staff.id, username: staff.username } };
}

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
    const round = openRound({ title: "Final", comedianIds: [c1.id, c2.id, c2.id] }, staff, db);
    expect(getOpenRound(null, db)?.id).toBe(round.id);
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
