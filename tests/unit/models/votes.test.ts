/**
 * Issue 37, the rules behind a show night: one ballot per room, phones a few seconds old, the
 * host's alarm and voided bursts, the projector's words, the staff member's projector link.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it, afterEach, vi } from "vitest";
import {
  auditLog,
  votes,
  roundComedians,
  comedians,
  contestantApplications,
  outbox,
  ticketHolders,
} from "~/db/schema";
import { recordVote, roundAlarm } from "~/features/voting/vote-watch.server";
import { receiptTicketText, ticketCountText, ticketVerdictMail } from "~/lib/ticket-votes";
import { bursts } from "~/lib/vote-patterns";
import { openRoundSchema, shortlistRoundSchema } from "~/lib/vote-schema";
import { openRoundFromShortlist } from "~/models/application-review.server";
import {
  addComedian,
  deleteComedian,
  listComedians,
  listComediansWithVotes,
} from "~/models/comedians.server";
import { applyHostCommand, roundDisplay } from "~/models/round-control.server";
import {
  closeRound,
  getOpenRound,
  listRounds,
  openRound,
  roundComediansFor,
  getRound,
} from "~/models/rounds.server";
import { upsertStaff } from "~/models/staff.server";
import { storeAttendees } from "~/models/ticket-holders.server";
import {
  castVote,
  queueVote,
  receiptFor,
  roundStandings,
  VOTES_PER_COMMIT,
  voidBurst,
  roundTally,
  voteArrivals,
  voteBursts,
} from "~/models/votes.server";
import { migrationsFolder, openDatabase, type DB } from "~/utils/db.server";
import { ticketHolderHash } from "~/utils/ticket-holder-hash.server";
import { seedDemoData } from "../../../scripts/seeds/demo";
import { createTestDb, createTestDbWithStaff } from "../../support/db";
import { nightSetup } from "../../support/show-night";
import { insertShow } from "../../support/shows";

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

describe("per-round tallies, arrivals and bursts", () => {
  /** Every round's tallies as COUNT(*) over `votes` gives them (what the reads counted before). */
  function counted(db: DB) {
    return db.$client
      .prepare(
        "select round_id, comedian_id, count(*) as votes from votes group by round_id, comedian_id order by 1, 2",
      )
      .all();
  }
  function tallied(db: DB) {
    return db.$client
      .prepare("select round_id, comedian_id, votes from round_tallies where votes > 0 order by 1, 2")
      .all();
  }
  function minutesCounted(db: DB) {
    return db.$client
      .prepare(
        `select round_id, ip_address, cast(created_at / 60000 as integer) * 60000 as minute, count(*) as votes
       from votes where coalesce(ip_address, '') != '' group by 1, 2, 3 order by 1, 2, 3`,
      )
      .all();
  }
  function minutesKept(db: DB) {
    return db.$client
      .prepare(
        "select round_id, ip_address, minute, votes from vote_minutes where votes > 0 order by 1, 2, 3",
      )
      .all();
  }
  function expectInStep(db: DB) {
    expect(tallied(db)).toEqual(counted(db));
    expect(minutesKept(db)).toEqual(minutesCounted(db));
  }

  async function setup() {
    const db = createTestDb();
    seedDemoData(db, "2026-11-22");
    const staff = await upsertStaff("tally-tester", "a-long-test-password", db);
    const round = getOpenRound(null, db)!;
    const comics = roundComediansFor(round.id, db);
    let n = 0;
    const vote = (over: Partial<Parameters<typeof castVote>[0]> = {}) => {
      n++;
      const email = `tally${n}@example.com`;
      return castVote(
        {
          roundId: round.id,
          comedianId: comics[n % comics.length].id,
          email,
          emailKey: email,
          voteToken: `tally-token-${String(n).padStart(6, "0")}`,
          ipAddress: `10.0.0.${n % 3}`,
          deviceId: `tally-device-${n}`,
          ...over,
        },
        db,
      );
    };
    return { db, staff: { id: staff.id, username: staff.username }, round, comics, vote };
  }

  describe("issue 20: per-round tallies kept with the votes", () => {
    it("stay equal to COUNT(*) through votes, refused duplicates, a closed round and deleted votes", async () => {
      const { db, staff, round, comics, vote } = await setup();
      // The demo seed's votes went through the triggers too.
      expect(tallied(db).length).toBeGreaterThan(0);
      expectInStep(db);

      for (let i = 0; i < 25; i++) expect(vote().status).toBe("recorded");
      expectInStep(db);

      // Refused: the same e-mail from another device, the same device with another e-mail, a used
      // token, a repeat of a stored vote. None of them may move a count.
      const before = tallied(db);
      expect(vote({ email: "tally1@example.com", emailKey: "tally1@example.com" }).status).toBe(
        "already-voted",
      );
      expect(vote({ deviceId: "tally-device-1" }).status).toBe("device-voted");
      expect(
        vote({
          voteToken: "tally-token-000001",
          email: "someone@example.com",
          emailKey: "someone@example.com",
        }).status,
      ).toBe("token-used");
      expect(
        castVote(
          {
            roundId: round.id,
            comedianId: comics[1 % comics.length].id,
            email: "tally1@example.com",
            emailKey: "tally1@example.com",
            voteToken: "tally-token-000001",
            ipAddress: "10.0.0.1",
            deviceId: "tally-device-1",
          },
          db,
        ).status,
      ).toBe("repeat");
      expect(tallied(db)).toEqual(before);
      expectInStep(db);

      // Closing the round: late votes are refused, the counts stay as they were.
      expect(closeRound(round.id, staff, db)).not.toBeNull();
      expect(vote().status).toBe("round-closed");
      expect(tallied(db)).toEqual(before);
      expectInStep(db);

      // The host's reveal reads the same standings from the tallies.
      applyHostCommand(round.id, { intent: "mode", mode: "hidden" }, null, new Date(), db);
      expectInStep(db);

      // Deleting votes (the app has no such path; a round's deletion cascades to its votes, and
      // an operator may delete rows by hand): the counts follow.
      db.$client
        .prepare("delete from votes where round_id = ? and vote_token = ?")
        .run(round.id, "tally-token-000002");
      expectInStep(db);
      db.$client.prepare("delete from voting_rounds where id = ?").run(round.id);
      expect(db.$client.prepare("select count(*) as n from votes where round_id = ?").get(round.id)).toEqual({
        n: 0,
      });
      expect(roundTally(round.id, db)).toEqual([]);
      expectInStep(db);
    });

    it("the standings and the burst list read the tallies and agree with counting every vote", async () => {
      const { db, round, vote } = await setup();
      for (let i = 0; i < 35; i++) vote({ ipAddress: "10.9.9.9" });
      for (let i = 0; i < 40; i++) vote();
      const fromVotes = new Map(
        (
          db.$client
            .prepare("select comedian_id, count(*) as n from votes where round_id = ? group by comedian_id")
            .all(round.id) as { comedian_id: number; n: number }[]
        ).map((r) => [r.comedian_id, r.n]),
      );
      expect(new Map(roundTally(round.id, db).map((t) => [t.comedianId, t.n]))).toEqual(fromVotes);
      expect(voteBursts(round.id, 30, 20, db)).toEqual(bursts(voteArrivals(round.id, db)).slice(0, 20));
      expect(voteBursts(round.id, 30, 20, db)[0]).toMatchObject({ ip: "10.9.9.9" });
      // The burst list is read through the (round, votes) index: no scan of the round's votes.
      const plan = db.$client
        .prepare(
          "explain query plan select ip_address, minute, votes from vote_minutes where round_id = ? and votes > ? order by votes desc, minute desc limit ?",
        )
        .all(round.id, 30, 20) as { detail: string }[];
      expect(plan.map((p) => p.detail).join("\n")).toMatch(/USING INDEX vote_minutes_round_votes_idx/);
    });

    it("the migration fills the tallies from the votes already stored", () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-tallies-"));
      try {
        // The migrations before this one, then votes, then this migration.
        const before = path.join(dir, "drizzle");
        fs.cpSync(migrationsFolder(), before, { recursive: true });
        const journalFile = path.join(before, "meta", "_journal.json");
        const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
        const at = journal.entries.findIndex((e) => e.tag === "0008_j20-votes");
        expect(at).toBeGreaterThan(0);
        journal.entries = journal.entries.slice(0, at);
        fs.writeFileSync(journalFile, JSON.stringify(journal));
        const db = openDatabase(path.join(dir, "app.db"));
        migrate(db, { migrationsFolder: before });
        const c = db.$client;
        // Rounds and comedians in SQL: the schema's later columns are not in a database of this migration.
        c.exec(`INSERT INTO comedians (name) VALUES ('Ada'), ('Bo'), ('Cy');
              INSERT INTO voting_rounds (title, opened_at) VALUES ('Round one', 1790000000000), ('Round two', 1790000000000);`);
        const rounds = c.prepare("select id from voting_rounds").all() as { id: number }[];
        const comics = c.prepare("select id from comedians").all() as { id: number }[];
        const insert = c.prepare(
          "insert into votes (round_id, comedian_id, email, email_key, vote_token, ip_address, created_at) values (?, ?, ?, ?, ?, ?, ?)",
        );
        for (let i = 0; i < 300; i++)
          insert.run(
            rounds[i % rounds.length].id,
            comics[i % comics.length].id,
            `m${i}@example.com`,
            `m${i}@example.com`,
            `migration-token-${i}`,
            i % 4 ? `10.1.0.${i % 5}` : null,
            1_790_000_000_000 + i * 1_000,
          );
        expect(
          c.prepare("select count(*) as n from sqlite_master where name = 'round_tallies'").get(),
        ).toEqual({ n: 0 });
        migrate(db, { migrationsFolder: migrationsFolder() });
        expect(tallied(db).length).toBeGreaterThan(0);
        expectInStep(db);
        c.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

describe("ticket-verified votes", () => {
  /**
   * Ticket-verified votes (issue 41, item 4): a round that checks tickets marks each vote as a
   * ticket holder's or unverified when it is cast (the vote's canonical e-mail against the keyed
   * hashes of that performance's holders), counts the holders only ("require") or every vote
   * ("prefer"), says which on the host's page and the projector, and tells the voter which
   * happened to their own vote.
   */

  const SHOW_DATE = "2026-12-05";

  async function setup(ticketCheck: "off" | "prefer" | "require") {
    const db = createTestDb();
    const staff = await upsertStaff("host", "a-long-test-password", db);
    const show = insertShow(db, { title: "Contest Night", date: SHOW_DATE, time: "20:00" });
    const [ada, bo] = ["Ada", "Bo"].map(
      (name) => db.insert(comedians).values({ name, slug: name.toLowerCase() }).returning().get().id,
    );
    const round = openRound(
      {
        title: "Final",
        eventId: show.id,
        eventDate: SHOW_DATE,
        comedianIds: [ada, bo],
        opensAt: new Date(Date.now() - 1000),
        roomSeats: null,
        ticketCheck,
      },
      { id: staff.id, username: staff.username },
      db,
    );
    // Robin bought a ticket for this date (stored as the attendees' read keeps it: a keyed hash);
    // Sam bought one for another date of the show.
    const holder = (email: string, date: string, attendeeId: string) =>
      db
        .insert(ticketHolders)
        .values({
          eventId: show.id,
          date,
          attendeeId,
          orderId: "o1",
          emailHash: ticketHolderHash(email),
          checkedIn: false,
        })
        .run();
    holder("Robin.Fan@gmail.com", SHOW_DATE, "a1");
    holder("sam@example.com", "2026-12-12", "a2");
    let n = 0;
    const vote = (email: string, comedianId: number) =>
      castVote(
        {
          roundId: round.id,
          comedianId,
          email,
          emailKey: email.toLowerCase(),
          voteToken: `ticket-vote-token-${String(++n).padStart(4, "0")}`,
          ipAddress: "10.0.0.1",
          deviceId: `device-${n}`,
        },
        db,
      );
    return { db, round, ada, bo, vote, who: { id: staff.id, username: staff.username } };
  }

  const verifiedOf = (db: ReturnType<typeof createTestDb>) =>
    db
      .select({ email: votes.email, verified: votes.ticketVerified })
      .from(votes)
      .all()
      .map((v) => [v.email, v.verified]);

  describe("a round that requires a ticket", () => {
    it("marks each vote at cast time: the holder's e-mail in another spelling is verified; another date's holder is not", async () => {
      const { db, ada, bo, vote } = await setup("require");
      expect(vote("robinfan+contest@gmail.com", ada).status).toBe("recorded");
      expect(vote("sam@example.com", bo).status).toBe("recorded");
      expect(vote("walk.in@example.com", bo).status).toBe("recorded");
      expect(verifiedOf(db)).toEqual([
        ["robinfan+contest@gmail.com", true],
        ["sam@example.com", false],
        ["walk.in@example.com", false],
      ]);
    });

    it("counts the ticket holders only; the host counts the unverified too, and back; the page and projector say which", async () => {
      const { db, round, ada, bo, vote, who } = await setup("require");
      vote("robin.fan@gmail.com", ada);
      vote("walk.in@example.com", bo);
      vote("another.walk.in@example.com", bo);
      const counted = () =>
        roundStandings(round.id, db).rows.map((r) => [r.name, r.votes] as [string, number]);
      expect(counted()).toEqual([
        ["Ada", 1],
        ["Bo", 0],
      ]);
      let display = roundDisplay(getRound(round.id, db)!, new Date(), db);
      expect(display.tickets).toEqual({ rule: "require", verified: 1, unverified: 2 });
      expect(ticketCountText(display.tickets!)).toBe(
        "Counted: ticket holders only (1 vote). Not counted: 2 votes unverified.",
      );

      expect(
        applyHostCommand(round.id, { intent: "tickets", rule: "prefer" }, who, new Date(), db),
      ).toMatchObject({
        ok: true,
      });
      expect(counted()).toEqual([
        ["Bo", 2],
        ["Ada", 1],
      ]);
      display = roundDisplay(getRound(round.id, db)!, new Date(), db);
      expect(ticketCountText(display.tickets!)).toBe(
        "Counted: every vote: 1 vote from ticket holders and 2 votes unverified.",
      );
      applyHostCommand(round.id, { intent: "tickets", rule: "require" }, who, new Date(), db);
      expect(counted()[0]).toEqual(["Ada", 1]);
    });

    it("a voided vote is in neither bucket", async () => {
      const { db, round, ada, bo, vote } = await setup("require");
      vote("robin.fan@gmail.com", ada);
      vote("walk.in@example.com", bo);
      db.update(votes).set({ voidedAt: new Date() }).where(eq(votes.email, "robin.fan@gmail.com")).run();
      expect(roundDisplay(getRound(round.id, db)!, new Date(), db).tickets).toEqual({
        rule: "require",
        verified: 0,
        unverified: 1,
      });
      expect(roundStandings(round.id, db).total).toBe(0);
    });

    it("the screen says the same to a holder and a walk-in; each learns which by a mail to the address typed, written with the vote", async () => {
      const { db, round, ada, vote } = await setup("require");
      vote("Robin.Fan@gmail.com", ada);
      vote("walk.in@example.com", ada);
      const receipt = (device: string) => receiptFor(round.id, { deviceId: device }, db)!;
      // Nothing on the receipt depends on the ticket: only the e-mail typed and when differ.
      const { email: _a, createdAt: _b, ...holderReceipt } = receipt("device-1");
      const { email: _c, createdAt: _d, ...walkInReceipt } = receipt("device-2");
      expect(holderReceipt).toEqual(walkInReceipt);
      expect(holderReceipt).not.toHaveProperty("ticketVerified");
      const mails = db
        .select({ kind: outbox.kind, to: outbox.toAddress, subject: outbox.subject, refId: outbox.refId })
        .from(outbox)
        .all();
      const ids = db
        .select({ id: votes.id })
        .from(votes)
        .all()
        .map((v) => v.id);
      expect(mails).toEqual([
        {
          kind: "vote-ticket",
          to: "Robin.Fan@gmail.com",
          subject: "Your vote at Contest Night counts as a ticket holder's",
          refId: ids[0],
        },
        {
          kind: "vote-ticket",
          to: "walk.in@example.com",
          subject: "Your vote at Contest Night is with the unverified votes",
          refId: ids[1],
        },
      ]);
      // A retry of the same vote (same token, same device) is answered without a second mail.
      expect(
        castVote(
          {
            roundId: round.id,
            comedianId: ada,
            email: "walk.in@example.com",
            emailKey: "walk.in@example.com",
            voteToken: "ticket-vote-token-0002",
            ipAddress: "10.0.0.1",
            deviceId: "device-2",
          },
          db,
        ).status,
      ).toBe("repeat");
      expect(db.select().from(outbox).all()).toHaveLength(2);
    });

    it("once the reveal has started the count stays as it is", async () => {
      const { db, round, ada, vote, who } = await setup("require");
      vote("robin.fan@gmail.com", ada);
      expect(applyHostCommand(round.id, { intent: "close-and-reveal" }, who, new Date(), db)).toMatchObject({
        ok: true,
      });
      expect(applyHostCommand(round.id, { intent: "tickets", rule: "prefer" }, who, new Date(), db)).toEqual({
        ok: false,
        error: "The reveal has started: the count stays as it is.",
      });
    });
  });

  describe("a round without a ticket check", () => {
    it("counts every vote as before and marks none", async () => {
      const { db, round, ada, vote } = await setup("off");
      vote("walk.in@example.com", ada);
      expect(verifiedOf(db)).toEqual([["walk.in@example.com", null]]);
      expect(roundStandings(round.id, db).total).toBe(1);
      expect(roundDisplay(getRound(round.id, db)!, new Date(), db).tickets).toBeNull();
      expect(receiptFor(round.id, { deviceId: "device-1" }, db)).toMatchObject({ ticketCheck: "off" });
      expect(receiptTicketText("off")).toBeNull();
      // No check, no verdict: no mail.
      expect(db.select().from(outbox).all()).toEqual([]);
    });

    it("the host turns the check on after votes came in: every vote is marked and each voter mailed their verdict", async () => {
      const { db, round, ada, bo, vote, who } = await setup("off");
      vote("robin.fan@gmail.com", ada);
      vote("walk.in@example.com", bo);
      db.update(votes).set({ voidedAt: new Date() }).where(eq(votes.email, "walk.in@example.com")).run();
      vote("another.walk.in@example.com", bo);
      expect(
        applyHostCommand(round.id, { intent: "tickets", rule: "require" }, who, new Date(), db),
      ).toMatchObject({
        ok: true,
      });
      expect(verifiedOf(db)).toEqual([
        ["robin.fan@gmail.com", true],
        ["walk.in@example.com", false],
        ["another.walk.in@example.com", false],
      ]);
      expect(roundStandings(round.id, db).rows.map((r) => [r.name, r.votes])).toEqual([
        ["Ada", 1],
        ["Bo", 0],
      ]);
      // The voided vote is marked but its address is not mailed.
      expect(
        db.select({ to: outbox.toAddress, subject: outbox.subject, body: outbox.body }).from(outbox).all(),
      ).toEqual([
        expect.objectContaining({
          to: "robin.fan@gmail.com",
          subject: "Your vote at Contest Night counts as a ticket holder's",
          body: expect.stringMatching(
            /^The host of Contest Night on Saturday, December 5, 2026 has turned on the ticket check/,
          ),
        }),
        expect.objectContaining({
          to: "another.walk.in@example.com",
          subject: "Your vote at Contest Night is with the unverified votes",
        }),
      ]);
      // A vote cast after is marked when cast, as in any checked round.
      vote("sam@example.com", ada);
      expect(verifiedOf(db).at(-1)).toEqual(["sam@example.com", false]);
    });

    it("the check cannot be turned on once the reveal has started, nor for a round without a show's date", async () => {
      const { db, round, ada, vote, who } = await setup("off");
      vote("robin.fan@gmail.com", ada);
      applyHostCommand(round.id, { intent: "close-and-reveal" }, who, new Date(), db);
      expect(applyHostCommand(round.id, { intent: "tickets", rule: "require" }, who, new Date(), db)).toEqual(
        {
          ok: false,
          error: "The reveal has started: the count stays as it is.",
        },
      );
      expect(verifiedOf(db)).toEqual([["robin.fan@gmail.com", null]]);
      const loose = openRound(
        {
          title: "No show",
          eventId: null,
          eventDate: null,
          comedianIds: [ada],
          opensAt: new Date(),
          roomSeats: null,
          ticketCheck: "off",
        },
        who,
        db,
      );
      expect(applyHostCommand(loose.id, { intent: "tickets", rule: "prefer" }, who, new Date(), db)).toEqual({
        ok: false,
        error: "This round is not for a show's date: there are no tickets to check.",
      });
      expect(db.select().from(outbox).all()).toEqual([]);
    });

    it("staff's form opens a round without a check unless they choose one", () => {
      const base = { show: `1:${SHOW_DATE}`, title: "Final", comedianIds: ["1"] };
      expect(openRoundSchema.parse(base).ticketCheck).toBe("off");
      expect(openRoundSchema.parse({ ...base, ticketCheck: "require" }).ticketCheck).toBe("require");
      expect(openRoundSchema.safeParse({ ...base, ticketCheck: "maybe" }).success).toBe(false);
    });
  });

  describe("re-checking the unverified votes when the ticket holders are read again", () => {
    const read = (db: ReturnType<typeof createTestDb>, eventId: number, emails: string[]) =>
      storeAttendees(
        {
          eventId,
          date: SHOW_DATE,
          holders: emails.map((email, i) => ({
            attendeeId: `re-${i}`,
            orderId: `re-order-${i}`,
            emailHash: ticketHolderHash(email),
            checkedIn: false,
            affiliate: null,
          })),
          affiliates: [],
        },
        db,
      );

    it("a walk-in who bought a ticket after voting becomes a ticket holder, told by mail; the others stay as they were", async () => {
      const { db, round, ada, bo, vote } = await setup("require");
      vote("robin.fan@gmail.com", ada);
      vote("late.buyer@example.com", bo);
      vote("walk.in@example.com", bo);
      db.delete(outbox).run();
      // Robin's ticket was refunded meanwhile: a verified vote stays verified.
      expect(read(db, round.eventId!, ["Late.Buyer@example.com"])).toEqual([round.id]);
      expect(verifiedOf(db)).toEqual([
        ["robin.fan@gmail.com", true],
        ["late.buyer@example.com", true],
        ["walk.in@example.com", false],
      ]);
      expect(db.select({ to: outbox.toAddress, subject: outbox.subject }).from(outbox).all()).toEqual([
        {
          to: "late.buyer@example.com",
          subject: "Your vote at Contest Night now counts as a ticket holder's",
        },
      ]);
      expect(roundStandings(round.id, db).rows.map((r) => [r.name, r.votes])).toEqual([
        ["Ada", 1],
        ["Bo", 1],
      ]);
      // The same read again changes nothing and mails nobody twice.
      expect(read(db, round.eventId!, ["late.buyer@example.com"])).toEqual([]);
      expect(db.select().from(outbox).all()).toHaveLength(1);
    });

    it("frozen once the reveal has started", async () => {
      const { db, round, bo, vote, who } = await setup("require");
      vote("late.buyer@example.com", bo);
      applyHostCommand(round.id, { intent: "close-and-reveal" }, who, new Date(), db);
      expect(read(db, round.eventId!, ["late.buyer@example.com"])).toEqual([]);
      expect(verifiedOf(db)).toEqual([["late.buyer@example.com", false]]);
    });
  });

  describe("a round that prefers ticket holders", () => {
    it("counts every vote and shows the holders' apart", async () => {
      const { db, round, ada, bo, vote } = await setup("prefer");
      vote("robin.fan@gmail.com", ada);
      vote("walk.in@example.com", bo);
      expect(roundStandings(round.id, db).total).toBe(2);
      expect(roundDisplay(getRound(round.id, db)!, new Date(), db).tickets).toEqual({
        rule: "prefer",
        verified: 1,
        unverified: 1,
      });
    });
  });

  describe("a round opened from the application review's shortlist", () => {
    it("checks tickets when staff choose it there too (the contest's own rounds)", () => {
      const { db, staff } = createTestDbWithStaff();
      const show = insertShow(db, { title: "2 Minutes to Kill", date: SHOW_DATE, time: "20:00" });
      db.insert(contestantApplications)
        .values({
          eventId: show.id,
          fullName: "Ann",
          email: "ann@example.com",
          mobileNumber: "5195550100",
          isOver19: true,
          canAttendEvent: true,
          acceptsTerms: true,
          funBio: "",
          reviewStatus: "shortlisted",
        })
        .run();
      expect(shortlistRoundSchema.parse({}).ticketCheck).toBe("off");
      const { ticketCheck } = shortlistRoundSchema.parse({ ticketCheck: "require" });
      const opened = openRoundFromShortlist(
        show.id,
        staff,
        { opensAt: new Date(), roomSeats: null, ticketCheck },
        db,
      );
      if (!("roundId" in opened)) throw new Error(opened.error);
      expect(getRound(opened.roundId, db)).toMatchObject({ ticketCheck: "require", eventDate: SHOW_DATE });
    });
  });

  describe("what the voter is told", () => {
    it("on screen: the round's rule and that the vote is recorded, nothing about their ticket", () => {
      expect(receiptTicketText("require")).toBe(
        "Tonight's vote counts the votes of ticket holders (an e-mail address on a ticket for this show); the others are kept apart as unverified. Your vote is recorded either way. We have e-mailed the address you gave to say whether it is on a ticket.",
      );
      expect(receiptTicketText("prefer")).toMatch(
        /^Tonight's vote counts every vote; the votes of ticket holders/,
      );
      expect(receiptTicketText("off")).toBeNull();
    });

    const base = {
      show: "2 Minutes to Kill",
      date: "2026-12-05",
      email: "robin@example.com",
      site: "Laugh Windsor",
    } as const;

    it("by mail: a holder's vote counts as a ticket holder's, under either rule", () => {
      for (const rule of ["require", "prefer"] as const) {
        const mail = ticketVerdictMail({ ...base, cause: "cast", rule, verified: true })!;
        expect(mail.subject).toBe("Your vote at 2 Minutes to Kill counts as a ticket holder's");
        expect(mail.text).toContain(
          "robin@example.com is on a ticket for 2 Minutes to Kill on Saturday, December 5, 2026, so your vote counts as a ticket holder's.",
        );
        expect(mail.text).toContain("If you did not vote at 2 Minutes to Kill, someone typed your address");
      }
    });

    it("by mail: an unverified vote says why, what the host counts now, and what to do", () => {
      const required = ticketVerdictMail({ ...base, cause: "cast", rule: "require", verified: false })!;
      expect(required.subject).toBe("Your vote at 2 Minutes to Kill is with the unverified votes");
      expect(required.text).toContain(
        "robin@example.com is not on a ticket for 2 Minutes to Kill on Saturday, December 5, 2026 as far as Eventbrite has told us",
      );
      expect(required.text).toContain("The host is counting ticket holders' votes only right now");
      expect(required.text).toContain("If you bought your ticket in the last few minutes: nothing.");
      expect(required.text).toContain("If your ticket was bought with another address");
      const preferred = ticketVerdictMail({ ...base, cause: "cast", rule: "prefer", verified: false })!;
      expect(preferred.text).toContain("The host is counting every vote right now, unverified ones too");
    });

    it("by mail: the check turned on after the vote, and a re-check that found the ticket, say so", () => {
      const on = ticketVerdictMail({ ...base, cause: "check-on", rule: "require", verified: false })!;
      expect(on.text).toMatch(
        /^The host of 2 Minutes to Kill on Saturday, December 5, 2026 has turned on the ticket check/,
      );
      const found = ticketVerdictMail({ ...base, cause: "recheck", rule: "require", verified: true })!;
      expect(found.subject).toBe("Your vote at 2 Minutes to Kill now counts as a ticket holder's");
      expect(found.text).toMatch(/^Eventbrite now lists a ticket for 2 Minutes to Kill/);
      expect(
        ticketVerdictMail({ ...base, date: null, cause: "cast", rule: "require", verified: true })!.text,
      ).toMatch(/^robin@example.com is on a ticket for 2 Minutes to Kill, so/);
    });

    it("no check, no mail", () => {
      expect(ticketVerdictMail({ ...base, cause: "cast", rule: "off", verified: false })).toBeNull();
    });
  });
});
