import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { litestreamPositions, litestreamShadowFileBytes } from "~/services/replication.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Litestream 0.3's folder beside a database: the generation's name and its shadow WAL files. */
function litestreamFolder(files: Record<number, number>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-litestream-"));
  dirs.push(dir);
  const meta = path.join(dir, ".app.db-litestream");
  const wal = path.join(meta, "generations", "ffd590479fc23387", "wal");
  fs.mkdirSync(wal, { recursive: true });
  fs.writeFileSync(path.join(meta, "generation"), "ffd590479fc23387\n");
  for (const [index, bytes] of Object.entries(files)) {
    fs.writeFileSync(
      path.join(wal, `${Number(index).toString(16).padStart(8, "0")}.wal`),
      Buffer.alloc(bytes),
    );
  }
  return path.join(dir, "app.db");
}

const metrics = (shadowIndex: number, shadowSize: number, replicaIndex: number, replicaOffset: number) =>
  [
    `litestream_shadow_wal_index{db="/data/app.db"} ${shadowIndex}`,
    `litestream_shadow_wal_size{db="/data/app.db"} ${shadowSize}`,
    `litestream_replica_wal_index{db="/data/app.db",name="bucket"} ${replicaIndex}`,
    `litestream_replica_wal_offset{db="/data/app.db",name="bucket"} ${replicaOffset}`,
  ].join("\n");

describe("the replica's lag read from Litestream's folder", () => {
  it("reads a shadow WAL file's size by its index, and null without one", () => {
    const database = litestreamFolder({ 0: 4_120, 17: 32 });
    expect(litestreamShadowFileBytes(database, 0)).toBe(4_120);
    expect(litestreamShadowFileBytes(database, 17)).toBe(32);
    expect(litestreamShadowFileBytes(database, 1)).toBeNull();
    expect(litestreamShadowFileBytes(path.join(os.tmpdir(), "no-such-folder", "app.db"), 0)).toBeNull();
  });

  it("after Litestream's checkpoint, with the previous file still kept, the replica that holds everything is not behind", () => {
    const database = litestreamFolder({ 0: 4_017_032, 1: 4_152 });
    const caughtUp = litestreamPositions(metrics(1, 4_017_032 + 4_152, 1, 4_152), database)!;
    expect(caughtUp.shadow).toBe(caughtUp.replica);
    const behind = litestreamPositions(metrics(1, 4_017_032 + 4_152, 0, 4_017_032), database)!;
    expect(behind.shadow).toBeGreaterThan(behind.replica);
  });
});
