import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/utils/db.server";
import { CHECKPOINT_EVERY_MS, startWalCheckpointer } from "~/utils/wal-checkpointer.server";

/**
 * Issue 20: the app's connection no longer checkpoints inside its commits (a vote's COMMIT
 * that crossed 1,000 WAL pages copied them back and fsynced on the event loop); a worker
 * thread with its own connection does it.
 */
function openWithTable(file: string) {
  const database = openDatabase(file);
  database.$client.exec("create table if not exists t (id integer primary key, v blob)");
  return database;
}

describe("WAL checkpoints run in a worker thread", () => {
  it("the app's connection stops checkpointing by itself; the worker copies the WAL back", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-wal-"));
    const file = path.join(dir, "app.db");
    try {
      const database = openWithTable(file);
      const checkpointer = startWalCheckpointer(database, file, { everyMs: 20 })!;
      expect(checkpointer).not.toBeNull();
      expect(database.$client.pragma("wal_autocheckpoint", { simple: true })).toBe(10_000);
      const sizeBefore = fs.statSync(file).size;
      const insert = database.$client.prepare("insert into t (v) values (?)");
      // ~1,500 pages of WAL, one commit each: past SQLite's default 1,000-page auto checkpoint.
      for (let i = 0; i < 1_500; i++) insert.run(Buffer.alloc(3_000, i % 256));
      // The app's connection did not checkpoint (its threshold is 10,000 pages): the rows are in the WAL.
      const deadline = Date.now() + 5_000;
      while (fs.statSync(file).size < sizeBefore + 1_000 * 4096 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      // The worker did: the database file holds the pages now.
      expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore + 1_000 * 4096);
      expect(await checkpointer.stop()).toBeGreaterThan(0);
      expect(database.$client.prepare("select count(*) as n from t").get()).toEqual({ n: 1_500 });
      database.$client.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("checkpoints several times a second by default, so the WAL between checkpoints stays short", async () => {
    // A WAL a second long made vote posts' p99 at 50 connections 43–60 ms; a quarter second, 36–54.
    expect(CHECKPOINT_EVERY_MS).toBeLessThanOrEqual(250);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-wal-"));
    const file = path.join(dir, "app.db");
    try {
      const database = openWithTable(file);
      const checkpointer = startWalCheckpointer(database, file)!;
      await new Promise((r) => setTimeout(r, 2_000));
      // Once a second would have run twice at most in this time; every 250 ms runs about 7 times
      // (3 leaves a busy machine over a second to start the worker thread).
      expect(await checkpointer.stop()).toBeGreaterThanOrEqual(3);
      database.$client.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an in-memory database has nothing to checkpoint", () => {
    const database = openDatabase(":memory:");
    expect(startWalCheckpointer(database, ":memory:")).toBeNull();
    database.$client.close();
  });
});
