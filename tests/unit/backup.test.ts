import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema";
import { backupDatabase, integrityCheck, restoreDatabase } from "~/utils/backup.server";
import { openDatabase, runMigrations } from "~/utils/db.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-backup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const count = (file: string) => {
  const database = openDatabase(file);
  const n = database.select({ n: sql<number>`count(*)` }).from(contactMessages).get()!.n;
  database.$client.close();
  return n;
};

describe("backup and restore", () => {
  it("copies a live database consistently while writes continue, and restores it", async () => {
    const live = path.join(dir, "live.db");
    const database = openDatabase(live);
    runMigrations(database);
    const insert = (i: number) =>
      database.insert(contactMessages).values({ name: `n${i}`, email: `e${i}@example.com`, subject: "s", message: "m" }).run();
    for (let i = 0; i < 200; i++) insert(i);

    // Keep writing while the backup runs.
    let writing = true;
    let written = 200;
    const writer = (async () => {
      while (writing) {
        insert(written++);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const backup = path.join(dir, "backup.db");
    const result = await backupDatabase(live, backup);
    writing = false;
    await writer;

    expect(result.bytes).toBeGreaterThan(0);
    expect(integrityCheck(backup)).toBe("ok");
    const inBackup = count(backup);
    expect(inBackup).toBeGreaterThanOrEqual(200);
    expect(inBackup).toBeLessThanOrEqual(written);

    // Damage the live data, then restore the backup over it.
    database.delete(contactMessages).run();
    database.$client.close();
    expect(count(live)).toBe(0);
    const restored = restoreDatabase(backup, live);
    expect(count(live)).toBe(inBackup);
    expect(restored.keptAs && count(restored.keptAs)).toBe(0);
    expect(integrityCheck(live)).toBe("ok");
  });

  it("refuses to restore a damaged backup", () => {
    const bad = path.join(dir, "bad.db");
    fs.writeFileSync(bad, "this is not a database");
    expect(() => restoreDatabase(bad, path.join(dir, "target.db"))).toThrow();
    expect(fs.existsSync(path.join(dir, "target.db"))).toBe(false);
  });
});
