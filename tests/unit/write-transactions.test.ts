import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { IMMEDIATE, openDatabase } from "~/utils/db.server";

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

it("every drizzle transaction of the app starts IMMEDIATE", () => {
  const missing = sources(path.resolve(__dirname, "../../app")).flatMap((file) => {
    const text = fs.readFileSync(file, "utf8");
    const calls = text.match(/\b(database|db)\.transaction\(/g)?.length ?? 0;
    const immediate = text.match(/\bIMMEDIATE\s*,?\s*\)/g)?.length ?? 0;
    return calls > immediate
      ? [`${path.relative(process.cwd(), file)}: ${calls - immediate} of ${calls}`]
      : [];
  });
  expect(missing).toEqual([]);
});
