import { eq } from "drizzle-orm";
import { externalCache } from "~/db/schema";
import { db, type DB } from "~/utils/db.server";

/** The last good copy of something fetched from outside (the booking sheet), by key. */
export function readExternalCache(key: string, database: DB = db()) {
  return database.select().from(externalCache).where(eq(externalCache.key, key)).get() ?? null;
}

/** Replaces the copy kept under `key`. */
export function writeExternalCache(key: string, body: string, fetchedAt: Date, database: DB = db()) {
  database
    .insert(externalCache)
    .values({ key, body, fetchedAt })
    .onConflictDoUpdate({ target: externalCache.key, set: { body, fetchedAt } })
    .run();
}
