import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { bursts } from "~/lib/vote-patterns";
import { applyHostCommand } from "~/models/round-control.server";
import { closeRound, getOpenRound, roundComediansFor } from "~/models/rounds.server";
import { upsertStaff } from "~/models/staff.server";
import { castVote, roundTally, voteArrivals, voteBursts } from "~/models/votes.server";
import { migrationsFolder, openDatabase, type DB } from "~/utils/db.server";
import { seedDemoData } from "../../../scripts/seeds/demo";
import { createTestDb } from "../../support/db";

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
    .prepare("select round_id, ip_address, minute, votes from vote_minutes where votes > 0 order by 1, 2, 3")
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
      expect(c.prepare("select count(*) as n from sqlite_master where name = 'round_tallies'").get()).toEqual(
        { n: 0 },
      );
      migrate(db, { migrationsFolder: migrationsFolder() });
      expect(tallied(db).length).toBeGreaterThan(0);
      expectInStep(db);
      c.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
