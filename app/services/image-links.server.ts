/**
 * Show images given as links (a link typed in the event form, the ticketing platform's image):
 * fetched once through the safe outbound fetch (15 MB, 15 s), then processed and stored by the
 * show-images model. The only module that fetches an image.
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_FOCUS, parseFocus } from "~/lib/image-variants";
import { pendingPhotoLinks, scheduleHeadshotVariants, settlePhotoLink } from "~/models/headshots.server";
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
import { logger } from "~/utils/logger.server";
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
 * A comedian's photo link from before headshots (issue 42): a web link is fetched like a show's,
 * a site path (/images/…) is read from public/ (never outside it); either becomes a headshot.
 */
async function ingestPhotoLink(link: string, database: DB): Promise<IngestResult> {
  if (/^https?:\/\//i.test(link)) return ingestUrl(link, database);
  const publicDir = path.resolve("public");
  const file = path.resolve(publicDir, `.${link.split(/[?#]/)[0]}`);
  if (!link.startsWith("/") || !file.startsWith(publicDir + path.sep) || !fs.existsSync(file))
    return { ok: false, message: "not a web link or a file of the site" };
  return ingestBytes({ path: file }, database);
}

/**
 * Old comedian photo links (issue 42: photos are uploads now), at most `limit` per call: each is
 * processed once into a headshot and the link cleared; one that cannot be read is cleared too
 * (the comic shows initials) and logged with its link, so staff can upload the photo.
 */
export async function ingestPendingPhotoLinks(limit = 20, database: DB = db()) {
  const pending = pendingPhotoLinks(limit, database);
  let done = 0;
  for (const c of pending) {
    const result = await ingestPhotoLink(c.photoUrl, database);
    settlePhotoLink(c.id, result.ok ? result.hash : null, database);
    if (result.ok) {
      done++;
      scheduleHeadshotVariants({ photoHash: result.hash, photoFocus: null }, database);
    } else
      logger().warn(
        { comedianId: c.id, link: c.photoUrl, reason: result.message },
        "old comedian photo link could not be processed; the comic shows initials until staff upload a headshot",
      );
  }
  return { tried: pending.length, processed: done };
}

/**
 * Processes linked images not yet processed (synced platform images, rows from before the
 * pipeline): at most `limit` per call, one at a time; failures mark the show for the dashboard.
 * Old comedian photo links go the same way (ingestPendingPhotoLinks).
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
  const photos = await ingestPendingPhotoLinks(limit, database);
  return { tried: pending.length + photos.tried, processed: done + photos.processed };
}
