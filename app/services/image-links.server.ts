/**
 * Show images given as links (a link typed in the event form, the ticketing platform's image):
 * fetched once through the safe outbound fetch (15 MB, 15 s), then processed and stored by the
 * show-images model. The only module that fetches an image.
 */
import { DEFAULT_FOCUS, parseFocus } from "~/lib/image-variants";
import {
  dataImagesDir,
  ingestBytes,
  pendingImageLinks,
  scheduleVariants,
  setShowImage,
  type IngestResult,
} from "~/models/show-images.server";
import { db, type DB } from "~/utils/db.server";
import { MAX_IMAGE_BYTES } from "~/utils/image-pipeline.server";
import { OutboundFetchError, safeFetchBytes } from "~/utils/safe-fetch.server";

/** Fetches a link once through the safe outbound fetch (15 MB, 15 s) and processes it. */
export async function ingestUrl(
  url: string,
  database: DB = db(),
  dir = dataImagesDir(),
): Promise<IngestResult> {
  let bytes: Buffer;
  try {
    ({ bytes } = await safeFetchBytes(url, {
      maxBytes: MAX_IMAGE_BYTES,
      timeoutMs: 15_000,
      headers: { accept: "image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8" },
    }));
  } catch (error) {
    const reason = error instanceof OutboundFetchError ? error.message : "the link could not be fetched";
    return { ok: false, message: `The image link could not be loaded: ${reason}.` };
  }
  return ingestBytes(bytes, database, dir);
}

/**
 * Processes linked images not yet processed (synced platform images, rows from before the
 * pipeline): at most `limit` per call, one at a time; failures mark the show for the dashboard.
 */
export async function ingestPendingImages(limit = 20, database: DB = db()) {
  const pending = pendingImageLinks(limit, database);
  let done = 0;
  for (const show of pending) {
    const result = await ingestUrl(show.imageUrl!, database);
    setShowImage(
      show.id,
      result.ok
        ? { source: show.imageUrl, hash: result.hash }
        : { source: show.imageUrl, hash: null, error: result.message },
      database,
    );
    if (result.ok) {
      done++;
      scheduleVariants(result.hash, parseFocus(show.imageFocus) ?? DEFAULT_FOCUS, database);
    }
  }
  return { tried: pending.length, processed: done };
}
