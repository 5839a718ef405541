import { ingestStaffUpload, type FormImageOutcome } from "~/models/show-images.server";
import { ingestUrl } from "~/services/image-links.server";
import { db, type DB } from "~/utils/db.server";
import { ImageError, withPosterTicket } from "~/utils/image-pipeline.server";

/**
 * What a save of the event form does to the show's image. An uploaded poster wins (a bad file
 * is refused with 400: nothing is stored); a new link is fetched once now, and if it fails the
 * show is still saved, marked for the dashboard, with the stock image on its pages.
 *
 * Issue 38 (the 512 MB machine): the upload arrives as a temporary file (the pipeline's
 * multipart reader streams it to disk; the form's handler deletes it), read by libvips from
 * disk. A poster's job (an upload or a new link) runs only while fewer than two are under way
 * (one processed, one waiting); otherwise it is refused at once with 503 and nothing is stored.
 */
export async function imageFromForm(
  input: {
    /** The uploaded poster: a temporary file (its owner deletes it). */
    poster: { path: string } | null;
    imageUrl: string | null;
    current: { imageUrl: string | null; imageSource: string | null; imageHash: string | null } | null;
  },
  database: DB = db(),
): Promise<FormImageOutcome> {
  try {
    return await formImage(input, database);
  } catch (error) {
    if (error instanceof ImageError && error.kind === "busy")
      return { kind: "rejected", message: error.message, status: 503 };
    throw error;
  }
}

async function formImage(
  input: Parameters<typeof imageFromForm>[0],
  database: DB,
): Promise<FormImageOutcome> {
  const poster = input.poster;
  if (poster) {
    const result = await ingestStaffUpload(poster, database);
    if (!result.ok) return { kind: "rejected", message: result.message, status: result.status };
    return { kind: "set", imageUrl: null, source: "upload", hash: result.hash, error: null };
  }
  const link = input.imageUrl;
  const current = input.current;
  if (!link) {
    // An uploaded poster stays until another replaces it; a cleared link clears its image.
    if (current?.imageSource === "upload") return { kind: "unchanged" };
    return { kind: "set", imageUrl: null, source: null, hash: null, error: null };
  }
  if (current && current.imageSource === link && current.imageUrl === link) return { kind: "unchanged" };
  if (!/^https?:\/\//i.test(link))
    return { kind: "set", imageUrl: link, source: link, hash: null, error: null };
  const result = await withPosterTicket(() => ingestUrl(link, database));
  return result.ok
    ? { kind: "set", imageUrl: link, source: link, hash: result.hash, error: null }
    : { kind: "set", imageUrl: link, source: link, hash: null, error: result.message };
}

/** The sentence staff read after a save whose image link failed (the show is saved). */
export function imageWarning(outcome: FormImageOutcome) {
  return outcome.kind === "set" && outcome.error
    ? `${outcome.error} The stock image is shown until it is fixed.`
    : null;
}
