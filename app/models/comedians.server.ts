import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { comedians, roundTallies, type Comedian } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { slugForNewComedian } from "~/models/comedian-profiles.server";
import type { StaffIdentity } from "~/models/staff.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

/** Comedians who have not been deleted, ordered by name (the spec's order): the public index, the sitemap and the staff lists. */
export function listComedians(database: DB = db()): Comedian[] {
  return database
    .select()
    .from(comedians)
    .where(isNull(comedians.deletedAt))
    .orderBy(asc(comedians.name), asc(comedians.id))
    .all();
}

export function getComedian(id: number, database: DB = db()): Comedian | undefined {
  return database
    .select()
    .from(comedians)
    .where(and(eq(comedians.id, id), isNull(comedians.deletedAt)))
    .get();
}

/** The comedians on the staff pages, each with its votes in every round (one query). */
export function listComediansWithVotes(database: DB = db()) {
  return database
    .select({
      id: comedians.id,
      name: comedians.name,
      bio: comedians.bio,
      // Issue 20: summed from the per-round tallies the vote triggers keep, not every vote.
      votes: sql<number>`coalesce(sum(${roundTallies.votes}), 0)`.mapWith(Number),
    })
    .from(comedians)
    .leftJoin(roundTallies, eq(roundTallies.comedianId, comedians.id))
    .where(isNull(comedians.deletedAt))
    .groupBy(comedians.id)
    .orderBy(asc(comedians.name), asc(comedians.id))
    .all();
}

/** Votes cast for a comedian in every round (deleting one with votes asks first). */
export function countVotesFor(comedianId: number, database: DB = db()): number {
  return (
    database
      .select({ n: sql<number>`coalesce(sum(${roundTallies.votes}), 0)`.mapWith(Number) })
      .from(roundTallies)
      .where(eq(roundTallies.comedianId, comedianId))
      .get()?.n ?? 0
  );
}

export function addComedian(
  input: { name: string; bio: string | null; photoHash?: string | null },
  staff: StaffIdentity,
  database: DB = db(),
): Comedian {
  return database.transaction((tx) => {
    const slug = slugForNewComedian(input.name, tx as unknown as DB);
    const row = tx
      .insert(comedians)
      .values({ name: input.name, bio: input.bio, slug, photoHash: input.photoHash ?? null })
      .returning()
      .get();
    recordAudit(
      { staff, action: "comedian.create", entityType: "comedian", entityId: row.id, after: row },
      tx,
    );
    return row;
  }, IMMEDIATE);
}

/**
 * Deletes a comedian from every list and from rounds still to come. It is a soft delete
 * (deleted_at): votes already cast keep their comedian, so past results stay readable.
 */
export function deleteComedian(id: number, staff: StaffIdentity, database: DB = db()): Comedian | null {
  return database.transaction((tx) => {
    const before = tx
      .select()
      .from(comedians)
      .where(and(eq(comedians.id, id), isNull(comedians.deletedAt)))
      .get();
    if (!before) return null;
    const after = tx
      .update(comedians)
      .set({ deletedAt: new Date() })
      .where(eq(comedians.id, id))
      .returning()
      .get();
    recordAudit(
      { staff, action: "comedian.delete", entityType: "comedian", entityId: id, before, after },
      tx,
    );
    return after;
  }, IMMEDIATE);
}
