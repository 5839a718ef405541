import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema";
import {
  backupData,
  backupDatabase,
  integrityCheck,
  restoreData,
  restoreDatabase,
} from "~/utils/backup.server";
import { openDatabase, runMigrations } from "~/utils/db.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-backup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const count = (file: string) => {
  const database = openDatabase(file);
  const n = database
    .select({ n: sql<number>`count(*)` })
    .from(contactMessages)
    .get()!.n;
  database.$client.close();
  return n;
};

describe("backup and restore", () => {
  it("copies a live database consistently while writes continue, and restores it", async () => {
    const live = path.join(dir, "live.db");
    const database = openDatabase(live);
    runMigrations(database);
    const insert = (i: number) =>
      database
        .insert(contactMessages)
        .values({ name: `n${i}`, email: `e${i}@example.com`, subject: "s", message: "m" })
        .run();
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

  it("backs up the show images with the database, and a restore puts both back", async () => {
    const root = path.join(dir, "whole");
    const live = path.join(root, "app.db");
    const images = path.join(root, "images");
    const database = openDatabase(live);
    runMigrations(database);
    database
      .insert(contactMessages)
      .values({ name: "n", email: "e@example.com", subject: "s", message: "m" })
      .run();
    // A poster as the pipeline stores it: <images>/<hash>/master.jpg and its variants.
    const master = path.join(images, "0123456789abcdef", "master.jpg");
    const variant = path.join(images, "0123456789abcdef", "0123456789abcdef-50-50-w640.avif");
    fs.mkdirSync(path.dirname(master), { recursive: true });
    fs.writeFileSync(master, Buffer.from("master bytes"));
    fs.writeFileSync(variant, Buffer.from("variant bytes"));
    fs.writeFileSync(`${variant}.123.abcd.tmp`, "half-written"); // a variant being written right now

    const archive = path.join(root, "backups", "app-1.tar");
    const result = await backupData(live, images, archive);
    expect(result.images).toBe(2);

    // The volume loses its images and the database its rows; the restore brings both back.
    fs.rmSync(images, { recursive: true });
    database.delete(contactMessages).run();
    database.$client.close();
    const restored = await restoreData(archive, live, images);
    expect(restored.images).toBe(2);
    expect(count(live)).toBe(1);
    expect(fs.readFileSync(master, "utf8")).toBe("master bytes");
    expect(fs.readFileSync(variant, "utf8")).toBe("variant bytes");
    expect(fs.existsSync(`${variant}.123.abcd.tmp`)).toBe(false);
    expect(fs.readdirSync(root).filter((f) => f.startsWith(".restore"))).toEqual([]);
  });

  it("still restores a database-only backup made before images were included", async () => {
    const live = path.join(dir, "old-style.db");
    const database = openDatabase(live);
    runMigrations(database);
    database.$client.close();
    const old = path.join(dir, "old-style-backup.db");
    await backupDatabase(live, old);
    const restored = await restoreData(old, live, path.join(dir, "old-images"));
    expect(restored.images).toBe(0);
    expect(integrityCheck(live)).toBe("ok");
  });

  it("refuses to restore a damaged backup", () => {
    const bad = path.join(dir, "bad.db");
    fs.writeFileSync(bad, "this is not a database");
    expect(() => restoreDatabase(bad, path.join(dir, "target.db"))).toThrow();
    expect(fs.existsSync(path.join(dir, "target.db"))).toBe(false);
  });
});
