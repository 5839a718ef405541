import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { comedians, eventComedians } from "~/db/schema";
import { comedianSlug, type LineupEntry, type LineupRole } from "~/lib/lineup";
import { safeWebUrl } from "~/lib/sanitize";
import { db, type DB } from "~/utils/db.server";
import { headshotRef } from "./headshots.server";

/** A comedian row's profile links, safe to print (unsafe stored values are left out). */
export function profileLinks(c: {
  instagramUrl: string | null;
  tiktokUrl: string | null;
  youtubeUrl: string | null;
  websiteUrl: string | null;
}): string[] {
  return [c.instagramUrl, c.tiktokUrl, c.youtubeUrl, c.websiteUrl]
    .map((u) => safeWebUrl(u))
    .filter((u): u is string => Boolean(u));
}

/** The line-ups of many shows in one query per 500 shows; deleted comedians are left out. */
export function lineupsFor(eventIds: number[], database: DB = db()): Map<number, LineupEntry[]> {
  const byEvent = new Map<number, LineupEntry[]>();
  for (let i = 0; i < eventIds.length; i += 500) {
    const rows = database
      .select({ link: eventComedians, c: comedians })
      .from(eventComedians)
      .innerJoin(comedians, eq(comedians.id, eventComedians.comedianId))
      .where(and(inArray(eventComedians.eventId, eventIds.slice(i, i + 500)), isNull(comedians.deletedAt)))
      .orderBy(asc(eventComedians.eventId), asc(eventComedians.position))
      .all();
    for (const { link, c } of rows) {
      const list = byEvent.get(link.eventId) ?? [];
      list.push({
        comedianId: c.id,
        name: c.name,
        slug: c.slug ?? comedianSlug(c.name),
        role: link.role,
        headshot: headshotRef(c, database),
        links: profileLinks(c),
      });
      byEvent.set(link.eventId, list);
    }
  }
  return byEvent;
}

export class LineupError extends Error {}

/**
 * Replaces a show's line-up (inside the caller's transaction). Every comedian must exist and
 * not be deleted, otherwise nothing is written and a LineupError says who is unknown.
 */
export function replaceLineup(tx: DB, eventId: number, lineup: { comedianId: number; role: LineupRole }[]) {
  const ids = [...new Set(lineup.map((p) => p.comedianId))];
  if (ids.length !== lineup.length) throw new LineupError("A comedian is on the line-up twice");
  if (ids.length > 0) {
    const known = new Set(
      tx
        .select({ id: comedians.id })
        .from(comedians)
        .where(and(inArray(comedians.id, ids), isNull(comedians.deletedAt)))
        .all()
        .map((r) => r.id),
    );
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw new LineupError("A comedian on the line-up no longer exists: pick another one");
  }
  tx.delete(eventComedians).where(eq(eventComedians.eventId, eventId)).run();
  lineup.forEach((p, position) =>
    tx.insert(eventComedians).values({ eventId, comedianId: p.comedianId, role: p.role, position }).run(),
  );
}

/** The comedians the event form's line-up picker offers: not deleted, by name. */
export function comedianChoices(database: DB = db()): { id: number; name: string }[] {
  return database
    .select({ id: comedians.id, name: comedians.name })
    .from(comedians)
    .where(isNull(comedians.deletedAt))
    .orderBy(asc(comedians.name), asc(comedians.id))
    .all();
}
