/**
 * Show images in the database: the processed images (images table) and which one a show uses
 * (events.image_hash / image_focus / image_error). The pixels live on disk, see
 * app/utils/image-pipeline.server.ts.
 */
import fs from "node:fs";
import { and, eq, isNotNull, isNull, like, or, sql } from "drizzle-orm";
import { events, images } from "~/db/schema";
import {
  imageFit,
  maxDisplayWidth,
  DEFAULT_FOCUS,
  formatFocus,
  parseFocus,
  type Focus,
  type ShowImageRef,
} from "~/lib/image-variants";
import { db, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import {
  ImageError,
  imagesDir,
  masterPath,
  masterStored,
  processOriginal,
  produceAllVariants,
  type Original,
  withPosterTicket,
  writeAtomic,
} from "~/utils/image-pipeline.server";
import { logger } from "~/utils/logger.server";

export type ImageRow = typeof images.$inferSelect;
export type IngestResult = { ok: true; hash: string } | { ok: false; message: string };

export function dataImagesDir() {
  return imagesDir(getEnv().DATABASE_PATH);
}

// Image rows never change (content-addressed): keep the ones pages ask for in memory.
const rowCache = new Map<string, ImageRow | null>();

export function getImageRow(hash: string, database: DB = db()): ImageRow | null {
  if (rowCache.has(hash)) return rowCache.get(hash) ?? null;
  const row = database.select().from(images).where(eq(images.hash, hash)).get() ?? null;
  if (row) {
    if (rowCache.size > 2000) rowCache.clear();
    rowCache.set(hash, row);
  }
  return row;
}

/** What a page needs to show a show's processed image; null means "use the stock image". */
export function showImageRef(
  e: { imageHash: string | null; imageFocus: string | null; imageError: string | null },
  database: DB = db(),
): ShowImageRef | null {
  if (!e.imageHash || e.imageError) return null;
  try {
    const row = getImageRow(e.imageHash, database);
    if (!row) return null;
    const focus = parseFocus(e.imageFocus) ?? DEFAULT_FOCUS;
    return imageRefOf(row, focus);
  } catch {
    return null;
  }
}

/**
 * Processes an original (bytes, or an uploaded file read from disk) and stores it (master on
 * disk, row in the table); same bytes → same hash.
 */
export async function ingestBytes(
  original: Original,
  database: DB = db(),
  dir = dataImagesDir(),
): Promise<IngestResult> {
  try {
    const processed = await processOriginal(original);
    if (!getImageRow(processed.hash, database) || !fs.existsSync(masterPath(dir, processed.hash))) {
      writeAtomic(masterPath(dir, processed.hash), processed.master);
      masterStored();
      database
        .insert(images)
        .values({
          hash: processed.hash,
          width: processed.width,
          height: processed.height,
          format: processed.format,
          bytes: processed.bytes,
          placeholder: processed.placeholder,
        })
        .onConflictDoNothing()
        .run();
    }
    return { ok: true, hash: processed.hash };
  } catch (error) {
    if (error instanceof ImageError) return { ok: false, message: error.message };
    logger().error({ err: error }, "image processing failed");
    return { ok: false, message: "The image could not be processed." };
  }
}

/**
 * A file staff uploaded (a poster or a headshot), processed and stored while fewer than two are
 * under way (withPosterTicket, issue 38): 400 for a bad file (staff pick another), 503 when busy.
 */
export async function ingestStaffUpload(
  file: { path: string },
  database: DB = db(),
): Promise<{ ok: true; hash: string } | { ok: false; message: string; status: 400 | 503 }> {
  try {
    const result = await withPosterTicket(() => ingestBytes(file, database));
    return result.ok ? result : { ...result, status: 400 };
  } catch (error) {
    if (error instanceof ImageError && error.kind === "busy")
      return { ok: false, message: error.message, status: 503 };
    throw error;
  }
}

/** Records a show's image outcome (processed, or broken with the reason). */
export function setShowImage(
  eventId: number,
  outcome: {
    imageUrl?: string | null;
    source?: string | null;
    hash: string | null;
    focus?: Focus | null;
    error?: string | null;
  },
  database: DB = db(),
) {
  database
    .update(events)
    .set({
      ...(outcome.imageUrl !== undefined ? { imageUrl: outcome.imageUrl } : {}),
      ...(outcome.source !== undefined ? { imageSource: outcome.source } : {}),
      imageHash: outcome.hash,
      imageError: outcome.error ?? null,
      ...(outcome.focus !== undefined
        ? { imageFocus: outcome.focus ? formatFocus(outcome.focus) : null }
        : {}),
    })
    .where(eq(events.id, eventId))
    .run();
}

/** Is this (image, focal point) one some show uses? Only those variants are rendered on demand. */
export function isImageInUse(hash: string, focus: Focus | null, database: DB = db()) {
  if (!focus)
    return !!database.select({ id: events.id }).from(events).where(eq(events.imageHash, hash)).get();
  const f = formatFocus(focus);
  const focusMatch =
    f === formatFocus(DEFAULT_FOCUS)
      ? or(eq(events.imageFocus, f), isNull(events.imageFocus))
      : eq(events.imageFocus, f);
  return !!database
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.imageHash, hash), focusMatch))
    .get();
}

/** Renders all variants of a show's image in the background (bounded by the image queue). */
export function scheduleVariants(hash: string, focus: Focus, database: DB = db(), dir = dataImagesDir()) {
  const row = getImageRow(hash, database);
  if (!row) return;
  void produceAllVariants(dir, row, focus).catch((error) =>
    logger().warn({ err: error, hash }, "image variants failed"),
  );
}

/**
 * Shows whose linked image is not processed yet (synced platform images, rows from before the
 * pipeline, a link the platform changed), at most `limit`; the image-link service fetches them.
 */
export function pendingImageLinks(limit: number, database: DB = db()) {
  return database
    .select({ id: events.id, imageUrl: events.imageUrl, imageFocus: events.imageFocus })
    .from(events)
    .where(
      and(
        // Not yet made from this link (new show, or the platform changed its image).
        or(isNull(events.imageSource), sql`${events.imageSource} <> ${events.imageUrl}`),
        isNull(events.archivedAt),
        isNotNull(events.imageUrl),
        or(like(events.imageUrl, "https://%"), like(events.imageUrl, "http://%")),
      ),
    )
    .limit(limit)
    .all();
}

export type FormImageOutcome =
  /** 400: a bad file (staff pick another); 503: posters are being processed, try again shortly. */
  | { kind: "rejected"; message: string; status: 400 | 503 }
  | { kind: "unchanged" }
  | {
      kind: "set";
      imageUrl: string | null;
      source: string | null;
      hash: string | null;
      error: string | null;
    };

/** The image fields of a show (the form's starting point and the dashboard). */
export function getShowImageState(id: number, database: DB = db()) {
  return (
    database
      .select({
        imageUrl: events.imageUrl,
        imageSource: events.imageSource,
        imageHash: events.imageHash,
        imageFocus: events.imageFocus,
        imageError: events.imageError,
      })
      .from(events)
      .where(eq(events.id, id))
      .get() ?? null
  );
}

/** Shows whose image failed (by id), for the dashboard's mark. */
export function imageProblems(database: DB = db()): Map<number, string> {
  const rows = database
    .select({ id: events.id, error: events.imageError })
    .from(events)
    .where(isNotNull(events.imageError))
    .all();
  return new Map(rows.map((r) => [r.id, r.error!]));
}

/** Stores the outcome of imageFromForm (and the focal point) on a saved show; renders its variants. */
export function applyFormImage(
  id: number,
  outcome: FormImageOutcome,
  focus: Focus | null | undefined,
  database: DB = db(),
) {
  if (outcome.kind === "rejected") return;
  if (outcome.kind === "set") {
    setShowImage(
      id,
      {
        imageUrl: outcome.imageUrl,
        source: outcome.source,
        hash: outcome.hash,
        error: outcome.error,
        focus: focus ?? undefined,
      },
      database,
    );
  } else if (focus) {
    database
      .update(events)
      .set({ imageFocus: formatFocus(focus) })
      .where(eq(events.id, id))
      .run();
  }
  const state = getShowImageState(id, database);
  if (state?.imageHash)
    scheduleVariants(state.imageHash, parseFocus(state.imageFocus) ?? DEFAULT_FOCUS, database);
}

/** Marks every show using an image as broken (its file went missing or cannot be read). */
export function markImageBroken(hash: string, message: string, database: DB = db()) {
  database
    .update(events)
    .set({ imageHash: null, imageError: message })
    .where(eq(events.imageHash, hash))
    .run();
}

/** A stored image as pages use it, with its fit (a portrait poster is shown whole). */
export function imageRefOf(
  row: { hash: string; width: number; height: number; placeholder: string },
  focus: Focus,
): ShowImageRef {
  const fit = imageFit(row.width, row.height);
  return {
    hash: row.hash,
    focus,
    maxWidth: maxDisplayWidth(row.width, row.height, focus),
    ...(fit === "whole" ? { fit } : {}),
    placeholder: row.placeholder,
  };
}
