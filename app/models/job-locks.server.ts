import { and, eq, sql } from "drizzle-orm";
import { jobLocks } from "~/db/schema";
import { db, type DB } from "~/utils/db.server";

/**
 * A named lock in SQLite, shared by every process on the database: taken when free or
 * expired (a crashed holder's lock lapses after `ttlMs`), released by its holder only.
 * One statement each, so two processes cannot both take it.
 */
export function tryAcquireLock(
  name: string,
  holder: string,
  ttlMs: number,
  database: DB = db(),
  now = Date.now(),
): boolean {
  const result = database.run(sql`
    INSERT INTO ${jobLocks} (name, holder, expires_at) VALUES (${name}, ${holder}, ${now + ttlMs})
    ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
    WHERE ${jobLocks.expiresAt} < ${now}`);
  return result.changes === 1;
}

export function releaseLock(name: string, holder: string, database: DB = db()) {
  database
    .delete(jobLocks)
    .where(and(eq(jobLocks.name, name), eq(jobLocks.holder, holder)))
    .run();
}

/** Who holds a lock now (expired or not), or null. */
export function currentLockHolder(name: string, database: DB = db()): string | null {
  return (
    database.select({ holder: jobLocks.holder }).from(jobLocks).where(eq(jobLocks.name, name)).get()
      ?.holder ?? null
  );
}
