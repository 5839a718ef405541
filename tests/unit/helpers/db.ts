import { openDatabase, runMigrations, type DB } from "~/utils/db.server";

/** A fresh, migrated in-memory database owned by one test. */
export function createTestDb(): DB {
  const database = openDatabase(":memory:");
  runMigrations(database);
  return database;
}
