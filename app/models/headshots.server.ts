/**
 * Comedians' headshots in the database (issue 42, item 6): which processed image a comedian
 * uses (comedians.photo_hash, photo_focus). The images themselves are the show images' table
 * and files (app/models/show-images.server.ts, app/utils/image-pipeline.server.ts).
 */
import { and, eq, isNotNull, isNull, or } from "drizzle-orm";
import { comedians } from "~/db/schema";
import {
  HEADSHOT_FOCUS,
  headshotFocus,
  headshotSide,
  headshotVariants,
  type HeadshotRef,
} from "~/lib/headshots";
import { formatFocus, type Focus } from "~/lib/image-variants";
import { dataImagesDir, getImageRow } from "~/models/show-images.server";
import { db, type DB } from "~/utils/db.server";
import { produceVariants } from "~/utils/image-pipeline.server";
import { logger } from "~/utils/logger.server";

/** What a page needs to show a comedian's headshot; null: the initials are shown. */
export function headshotRef(
  c: { photoHash: string | null; photoFocus: string | null },
  database: DB = db(),
): HeadshotRef | null {
  if (!c.photoHash) return null;
  const row = getImageRow(c.photoHash, database);
  if (!row) return null;
  return {
    hash: row.hash,
    focus: headshotFocus(c.photoFocus),
    side: headshotSide(row),
    placeholder: row.placeholder,
  };
}

/**
 * Is this image some comedian's headshot (at this focal point; any focal point when null)?
 * Only such square files are rendered on demand by /img (no disk filling with made-up names).
 */
export function isHeadshotInUse(hash: string, focus: Focus | null, database: DB = db()) {
  const f = focus ? formatFocus(focus) : null;
  const focusMatch =
    f === null
      ? undefined
      : f === formatFocus(HEADSHOT_FOCUS)
        ? or(eq(comedians.photoFocus, f), isNull(comedians.photoFocus))
        : eq(comedians.photoFocus, f);
  return !!database
    .select({ id: comedians.id })
    .from(comedians)
    .where(and(eq(comedians.photoHash, hash), isNull(comedians.deletedAt), focusMatch))
    .get();
}

/** Renders a headshot's square files in the background (bounded by the image queue). */
export function scheduleHeadshotVariants(
  c: { photoHash: string | null; photoFocus: string | null },
  database: DB = db(),
  dir = dataImagesDir(),
) {
  const ref = headshotRef(c, database);
  const row = ref && getImageRow(ref.hash, database);
  if (!ref || !row) return;
  void produceVariants(dir, row, headshotVariants(ref)).catch((error) =>
    logger().warn({ err: error, hash: ref.hash }, "headshot variants failed"),
  );
}

/**
 * Comedians whose photo is still an old link (from before headshots, issue 42), at most
 * `limit`: the image-link service processes each once into a headshot.
 */
export function pendingPhotoLinks(limit: number, database: DB = db()) {
  return database
    .select({ id: comedians.id, photoUrl: comedians.photoUrl })
    .from(comedians)
    .where(and(isNotNull(comedians.photoUrl), isNull(comedians.photoHash), isNull(comedians.deletedAt)))
    .limit(limit)
    .all() as { id: number; photoUrl: string }[];
}

/** The outcome of an old link: its headshot (or none when it could not be read); the link is cleared. */
export function settlePhotoLink(id: number, hash: string | null, database: DB = db()) {
  database.update(comedians).set({ photoHash: hash, photoUrl: null }).where(eq(comedians.id, id)).run();
}
