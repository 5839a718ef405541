import { ingestBytes, type FormImageOutcome } from "~/models/show-images.server";
import { ingestUrl } from "~/services/image-links.server";
import { db, type DB } from "~/utils/db.server";

/**
 * What a save of the event form does to the show's image. An uploaded poster wins (a bad file
 * is refused: nothing is stored); a new link is fetched once now, and if it fails the show is
 * still saved, marked for the dashboard, with the stock image on its pages.
 */
export async function imageFromForm(
  input: {
    poster: Buffer | null;
    imageUrl: string | null;
    current: { imageUrl: string | null; imageSource: string | null; imageHash: string | null } | null;
  },
  database: DB = db(),
): Promise<FormImageOutcome> {
  if (input.poster) {
    const result = await ingestBytes(input.poster, database);
    if (!result.ok) return { kind: "rejected", message: result.message };
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
  const result = await ingestUrl(link, database);
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
