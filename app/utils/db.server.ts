import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "~/db/schema";
import { getEnv } from "./env.server";

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * How every transaction that writes begins (`database.transaction(fn, IMMEDIATE)`): it takes the
 * write lock before its first read, waiting up to busy_timeout for another writer. A deferred
 * transaction that has read first cannot wait: when another connection (a CLI sync, a restore,
 * a test) committed in between, SQLite answers it at once with SQLITE_BUSY ("database is locked").
 */
export const IMMEDIATE = { behavior: "immediate" } as const;

/**
 * The most pages one connection keeps in memory, in KiB (SQLite's `cache_size`, negative for KiB).
 * better-sqlite3 builds SQLite with 16 MB per connection, and the app's connection filled it as the
 * votes of a busy night grew the file: 16 MB of the server's RSS after the bench's load (issue 20).
 * A miss is a read from the kernel's file cache, and vote posts were no slower with 4 MB.
 */
export const PAGE_CACHE_KIB = 4096;

/** Opens a SQLite file with the pragmas this app relies on. */
export function openDatabase(file: string): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  return drizzle(sqlite, { schema }) as DB;
}

/**
 * A value made once per database connection (prepared statements, a queue of writes) and kept as
 * long as the connection: `const statements = perConnection((database) => ...)`, then
 * `statements(database)` wherever they are needed.
 */
export function perConnection<T>(make: (database: DB) => T): (database: DB) => T {
  const made = new WeakMap<Database.Database, T>();
  return (database) => {
    let value = made.get(database.$client);
    if (value === undefined) made.set(database.$client, (value = make(database)));
    return value;
  };
}

const versionQueries = perConnection(({ $client }) => ({
  changes: $client.prepare<[], number>("select total_changes()").pluck(),
  dataVersion: $client.prepare<[], number>("pragma data_version").pluck(),
  /** data_version as read in this turn of the event loop, cleared by the next setImmediate. */
  read: undefined as number | undefined,
}));

/**
 * "Has anything changed?": a string that differs after any commit. Writes through this
 * connection bump total_changes(), read every time (0.2 µs); commits by any other connection (a
 * CLI sync, a restore, a test) bump data_version, which costs ten times as much to read and is
 * read once per turn of the event loop (issue 20: the page cache and the open-round memo ask on
 * every request, and a burst of requests arrives in one turn). Another process's commit is seen
 * from the next turn on, as it would be had it committed a moment later.
 */
export function dataVersion(database: DB = db()): string {
  const queries = versionQueries(database);
  if (queries.read === undefined) {
    queries.read = queries.dataVersion.get()!;
    setImmediate(() => (queries.read = undefined)).unref();
  }
  return `${queries.changes.get()!}-${queries.read}`;
}

/** Where the committed drizzle-kit migrations live (the project root's drizzle/). */
export function migrationsFolder() {
  return process.env.MIGRATIONS_FOLDER ?? path.resolve(process.cwd(), "drizzle");
}

/** Applies pending migrations. Called explicitly at start, never on import. */
export function runMigrations(database: DB = db()) {
  migrate(database, { migrationsFolder: migrationsFolder() });
}

// The server bundle and the Remix build each include this module: keeping the
// connection on globalThis gives the process exactly one connection to close at shutdown.
const holder = globalThis as typeof globalThis & { __laughDb?: DB };

/** The process-wide connection, opened on first use. */
export function db(): DB {
  holder.__laughDb ??= openDatabase(getEnv().DATABASE_PATH);
  return holder.__laughDb;
}

export function closeDatabase() {
  if (holder.__laughDb) {
    holder.__laughDb.$client.close();
    holder.__laughDb = undefined;
  }
}
