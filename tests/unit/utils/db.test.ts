import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase, PAGE_CACHE_KIB } from "~/utils/db.server";

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
