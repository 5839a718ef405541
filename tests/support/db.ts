/** Test databases: in memory for unit tests, a temporary file for a server under test. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { staffUsers } from "~/db/schema";
import { openDatabase, runMigrations, type DB } from "~/utils/db.server";

/** A fresh, migrated in-memory database owned by one test. */
export function createTestDb(): DB {
  const database = openDatabase(":memory:");
  runMigrations(database);
  return database;
}

/** A fresh database with one staff member (the actor of staff writes and audit lines). */
export function createTestDbWithStaff(username = "owner") {
  const db = createTestDb();
  const staff = db
    .insert(staffUsers)
    .values({ username, passwordHash: "x" })
    .returning({ id: staffUsers.id, username: staffUsers.username })
    .get();
  return { db, staff };
}

/**
 * A migrated SQLite file in a fresh temporary folder; `fill` adds the rows a run needs.
 * The database is closed afterwards unless `keepOpen` (then the caller closes it).
 */
export function tempDatabase<T>(
  prefix: string,
  fill: (database: DB) => T,
  options: { keepOpen?: boolean } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `laugh-${prefix}-`));
  const file = path.join(dir, "app.db");
  const database = openDatabase(file);
  try {
    runMigrations(database);
    return { dir, file, data: fill(database), database };
  } finally {
    if (!options.keepOpen) database.$client.close();
  }
}
