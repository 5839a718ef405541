import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "~/db/schema";
import { getEnv } from "./env.server";

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Opens a SQLite file with the pragmas this app relies on. */
export function openDatabase(file: string): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return drizzle(sqlite, { schema }) as DB;
}

/** Where the committed drizzle-kit migrations live (the project root's drizzle/). */
export function migrationsFolder() {
  return process.env.MIGRATIONS_FOLDER ?? path.resolve(process.cwd(), "drizzle");
}

/** Applies pending migrations. Called explicitly at start, never on import. */
export function runMigrations(database: DB = db()) {
  migrate(database, { migrationsFolder: migrationsFolder() });
}

let instance: DB | undefined;

/** The process-wide connection, opened on first use. */
export function db(): DB {
  instance ??= openDatabase(getEnv().DATABASE_PATH);
  return instance;
}

export function closeDatabase() {
  if (instance) {
    instance.$client.close();
    instance = undefined;
  }
}
