/**
 * npm run posters — makes the realistic demo posters (cached in .cache/posters/) and gives
 * every active show of DATABASE_PATH one of them through the real image pipeline (the same
 * as a staff upload). `--generate-only` just makes the files.
 */
import fs from "node:fs";
import { and, isNull } from "drizzle-orm";
import { events } from "~/db/schema";
import { DEFAULT_FOCUS } from "~/lib/image-variants";
import { dataImagesDir, ingestBytes, setShowImage, getImageRow } from "~/models/show-images.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { produceAllVariants } from "~/utils/image-pipeline.server";
import { generatePosters } from "./lib/posters";

async function main() {
  const started = Date.now();
  const posters = await generatePosters();
  console.log(
    `${posters.length} posters in .cache/posters (${posters.map((p) => `${p.width}×${p.height}`).join(", ")}) in ${Date.now() - started} ms`,
  );
  if (process.argv.includes("--generate-only")) return;
  runMigrations(db());
  const hashes: string[] = [];
  for (const p of posters) {
    const result = await ingestBytes(fs.readFileSync(p.file));
    if (!result.ok) throw new Error(`${p.file}: ${result.message}`);
    hashes.push(result.hash);
    await produceAllVariants(dataImagesDir(), getImageRow(result.hash)!, DEFAULT_FOCUS);
  }
  const shows = db()
    .select({ id: events.id })
    .from(events)
    .where(and(isNull(events.archivedAt)))
    .all();
  shows.forEach((s, i) =>
    setShowImage(s.id, { source: "upload", hash: hashes[i % hashes.length], focus: DEFAULT_FOCUS }),
  );
  console.log(
    `Gave ${shows.length} shows a poster (${hashes.length} distinct) in ${Date.now() - started} ms.`,
  );
  closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
