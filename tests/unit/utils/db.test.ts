import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { expect, it } from "vitest";
import * as schema from "~/db/schema";
import { castVote, queueVote } from "~/models/votes.server";
import { IMMEDIATE, openDatabase, PAGE_CACHE_KIB, runMigrations, type DB } from "~/utils/db.server";

// The server's RSS after a night of votes (issue 20): better-sqlite3 gives every connection a
// 16 MB page cache, which the app's connection filled as the votes grew the file.
it("keeps at most 4 MB of the database's pages in memory, not better-sqlite3's 16 MB", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-cache-"));
  try {
    const database = openDatabase(path.join(dir, "app.db"));
    expect(PAGE_CACHE_KIB).toBe(4096);
    expect(database.$client.pragma("cache_size", { simple: true })).toBe(-PAGE_CACHE_KIB);
    database.$client.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * Why every writing transaction starts IMMEDIATE (app/utils/db.server.ts): the server is not the
 * only connection to its file (a CLI sync, a restore, the browser tests' own handle). That every
 * transaction of the app is written so is a lint rule (house/transaction-immediate, eslint-rules.js).
 */
/** The SQLite error under drizzle's "Failed to run the query" wrapper, or "" when none was thrown. */
function sqliteError(fn: () => unknown): string {
  try {
    fn();
    return "";
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error);
  }
}

function twoConnections() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "write-tx-"));
  const file = path.join(dir, "t.db");
  const a = openDatabase(file);
  const b = openDatabase(file);
  a.run(sql`create table t (n integer)`);
  a.run(sql`insert into t values (1)`);
  return { a, b, close: () => (a.$client.close(), b.$client.close(), fs.rmSync(dir, { recursive: true })) };
}

it("a deferred transaction that read before another connection wrote fails at once: 'database is locked'", () => {
  const { a, b, close } = twoConnections();
  try {
    expect(
      sqliteError(() =>
        a.transaction((tx) => {
          tx.get(sql`select count(*) from t`);
          b.run(sql`insert into t values (2)`); // another process commits in between
          tx.run(sql`insert into t values (3)`);
        }),
      ),
    ).toMatch(/database is locked/);
  } finally {
    close();
  }
});

it("an IMMEDIATE transaction holds the write lock from its start: its own write goes through", () => {
  const { a, b, close } = twoConnections();
  b.$client.pragma("busy_timeout = 0");
  try {
    a.transaction((tx) => {
      tx.get(sql`select count(*) from t`);
      // The other connection has to wait (here: refused at once) instead of breaking this one.
      expect(sqliteError(() => b.run(sql`insert into t values (2)`))).toMatch(/database is locked/);
      tx.run(sql`insert into t values (3)`);
    }, IMMEDIATE);
    expect(a.get<{ n: number }>(sql`select count(*) as n from t`)?.n).toBe(2);
  } finally {
    close();
  }
});

it("the votes' own transactions (better-sqlite3's, one per vote or per batch) begin IMMEDIATE", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "write-tx-"));
  const statements: string[] = [];
  const client = new Database(path.join(dir, "t.db"), { verbose: (s) => statements.push(String(s)) });
  const database = drizzle(client, { schema }) as unknown as DB;
  try {
    runMigrations(database);
    const round = database
      .insert(schema.votingRounds)
      .values({ title: "Tonight", openedAt: new Date(Date.now() - 60_000) })
      .returning()
      .get();
    const comic = database.insert(schema.comedians).values({ name: "Comic" }).returning().get();
    database.insert(schema.roundComedians).values({ roundId: round.id, comedianId: comic.id }).run();
    const vote = (n: number) => ({
      roundId: round.id,
      comedianId: comic.id,
      email: `voter${n}@example.com`,
      emailKey: `voter${n}@example.com`,
      voteToken: `token-${n}`,
      ipAddress: "203.0.113.7",
      deviceId: `device-${n}`,
    });
    statements.length = 0;
    expect(castVote(vote(1), database).status).toBe("recorded");
    // Two votes in the same turn of the event loop: one batch, one transaction.
    const batch = await Promise.all([queueVote(vote(2), database), queueVote(vote(3), database)]);
    expect(batch.map((r) => r.status)).toEqual(["recorded", "recorded"]);
    const begins = statements.filter((s) => /^\s*begin\b/i.test(s));
    expect(begins).toEqual(["BEGIN IMMEDIATE", "BEGIN IMMEDIATE"]);
  } finally {
    client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
