import { and, desc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { comedians, eventComedians, roundComedians, votingRounds, type Comedian } from "~/db/schema";
import type { ComedianProfileValues } from "~/lib/comedian-form";
import { formatFocus } from "~/lib/image-variants";
import { comedianSlug, type LineupRole } from "~/lib/lineup";
import { uniqueSlug } from "~/lib/slug";
import { recordAudit } from "~/models/audit.server";
import type { StaffIdentity } from "~/models/staff.server";
import { roundTally } from "~/models/votes.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

/** A slug nobody else has, made from `wanted` (another comedian's id is ignored). */
export function freeSlug(wanted: string, database: DB = db(), exceptId?: number): string {
  return uniqueSlug(wanted, (slug) =>
    Boolean(
      database
        .select({ id: comedians.id })
        .from(comedians)
        .where(and(eq(comedians.slug, slug), exceptId ? ne(comedians.id, exceptId) : undefined))
        .get(),
    ),
  );
}

/** A comedian by slug (not deleted), or undefined. */
export function getComedianBySlug(slug: string, database: DB = db()): Comedian | undefined {
  return database
    .select()
    .from(comedians)
    .where(and(eq(comedians.slug, slug), isNull(comedians.deletedAt)))
    .get();
}

export class SlugTakenError extends Error {
  constructor(slug: string) {
    super(`Another comedian already has the address /comedians/${slug}`);
  }
}

/** A new headshot (an image the pipeline stored), or null: the photo stays as it is. */
export type HeadshotChange = { hash: string } | null;

function columns(values: ComedianProfileValues, photo: HeadshotChange) {
  // Remove photo wins; a new headshot replaces the old one (and an old photo link, issue 42).
  const headshot = values.removePhoto
    ? { photoHash: null, photoFocus: null, photoUrl: null }
    : photo
      ? { photoHash: photo.hash, photoUrl: null }
      : {};
  return {
    name: values.name,
    bio: values.bio,
    ...headshot,
    ...(values.photoFocus && !values.removePhoto ? { photoFocus: formatFocus(values.photoFocus) } : {}),
    instagramUrl: values.links.instagram,
    tiktokUrl: values.links.tiktok,
    youtubeUrl: values.links.youtube,
    websiteUrl: values.links.website,
  };
}

/**
 * Creates (id null) or updates a comedian's profile, its headshot (`photo`, or removed by
 * `values.removePhoto`) with its audit entry, in one transaction. A slug staff typed
 * must be free (SlugTakenError); one made from the name gets "-2", "-3"... when taken.
 * Answers the row, or null when the id is unknown or deleted.
 */
export function saveComedianProfile(
  id: number | null,
  values: ComedianProfileValues,
  staff: StaffIdentity,
  database: DB = db(),
  photo: HeadshotChange = null,
): Comedian | null {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const before =
      id === null
        ? undefined
        : t
            .select()
            .from(comedians)
            .where(and(eq(comedians.id, id), isNull(comedians.deletedAt)))
            .get();
    if (id !== null && !before) return null;
    let slug = values.slug;
    if (before && !values.slugGiven && before.slug) slug = before.slug;
    const free = freeSlug(slug, t, id ?? undefined);
    if (free !== slug) {
      if (values.slugGiven) throw new SlugTakenError(slug);
      slug = free;
    }
    const row = before
      ? t
          .update(comedians)
          .set({ ...columns(values, photo), slug, updatedAt: new Date() })
          .where(eq(comedians.id, before.id))
          .returning()
          .get()
      : t
          .insert(comedians)
          .values({ ...columns(values, photo), slug })
          .returning()
          .get();
    recordAudit(
      {
        staff,
        action: before ? "comedian.update" : "comedian.create",
        entityType: "comedian",
        entityId: row.id,
        before: before ?? null,
        after: row,
      },
      tx,
    );
    return row;
  }, IMMEDIATE);
}

/** The slug a new comedian added by name only (/manage-comedians) gets. */
export function slugForNewComedian(name: string, database: DB = db()): string {
  return freeSlug(comedianSlug(name), database);
}

/** Every show a comedian is on (archived ones too), with the role. */
export function appearancesOf(
  comedianId: number,
  database: DB = db(),
): { eventId: number; role: LineupRole }[] {
  return database
    .select({ eventId: eventComedians.eventId, role: eventComedians.role })
    .from(eventComedians)
    .where(eq(eventComedians.comedianId, comedianId))
    .all();
}

/** Comedian ids on any show's line-up, for the /comedians order. */
export function bookedComedians(database: DB = db()): { comedianId: number; eventId: number }[] {
  return database
    .select({ comedianId: eventComedians.comedianId, eventId: eventComedians.eventId })
    .from(eventComedians)
    .all();
}

/**
 * The closed voting rounds a comedian won: they had the most votes (more than none); a tie
 * at the top counts for each tied comedian ("tied" is true then). Newest first.
 */
export function roundsWon(
  comedianId: number,
  database: DB = db(),
): { roundId: number; title: string; closedAt: string; votes: number; tied: boolean }[] {
  const rounds = database
    .select({ id: votingRounds.id, title: votingRounds.title, closedAt: votingRounds.closedAt })
    .from(roundComedians)
    .innerJoin(votingRounds, eq(votingRounds.id, roundComedians.roundId))
    .where(and(eq(roundComedians.comedianId, comedianId), isNotNull(votingRounds.closedAt)))
    .orderBy(desc(votingRounds.closedAt))
    .all();
  const won = [];
  for (const round of rounds) {
    const tallies = roundTally(round.id, database);
    const top = Math.max(0, ...tallies.map((t) => t.n));
    const mine = tallies.find((t) => t.comedianId === comedianId)?.n ?? 0;
    if (top > 0 && mine === top) {
      won.push({
        roundId: round.id,
        title: round.title,
        closedAt: round.closedAt!.toISOString(),
        votes: mine,
        tied: tallies.filter((t) => t.n === top).length > 1,
      });
    }
  }
  return won;
}
