import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { expect, it } from "vitest";
import * as schema from "~/db/schema";
import { castVote, queueVote } from "~/models/votes.server";
import { IMMEDIATE, openDatabase, runMigrations, type DB } from "~/utils/db.server";

/**
 * Why every writing transaction starts IMMEDIATE (app/utils/db.server.ts): the server is not the
 * only connection to its file (a CLI sync, a restore, the browser tests' own handle).
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

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(file) : /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

it("every transaction of the app starts IMMEDIATE: drizzle's, and better-sqlite3's own beside it", () => {
  const missing = sources(path.resolve(__dirname, "../../../app")).flatMap((file) => {
    const text = fs.readFileSync(file, "utf8");
    const where = path.relative(process.cwd(), file);
    const all = count(text, /\.transaction\(/g);
    // Drizzle's: IMMEDIATE is the call's last argument.
    const drizzle = count(text, /\b(database|db|tx|db\(\))\.transaction\(/g);
    const drizzleImmediate = count(text, /\bIMMEDIATE\s*,?\s*\)/g);
    // better-sqlite3's (raw SQL, the votes): made once, each run through `.immediate(...)`.
    const raw = count(text, /\b\$?client\.transaction\(/g);
    const rawImmediate = count(text, /\.immediate\(/g);
    return [
      ...(all > drizzle + raw
        ? [`${where}: ${all - drizzle - raw} transaction(s) this test cannot read`]
        : []),
      ...(drizzle > drizzleImmediate
        ? [`${where}: ${drizzle - drizzleImmediate} of ${drizzle} (drizzle)`]
        : []),
      ...(raw > rawImmediate ? [`${where}: ${raw - rawImmediate} of ${raw} (better-sqlite3)`] : []),
    ];
  });
  expect(missing).toEqual([]);
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
