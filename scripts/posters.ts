/**
 * npm run posters — makes the realistic demo posters (cached in .cache/posters/) and gives
 * every active show of DATABASE_PATH one of them through the real image pipeline (the same
 * as a staff upload). `--generate-only` just makes the files.
 */
import { dataImagesDir } from "~/models/show-images.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { generatePosters, givePosters } from "./lib/posters";

async function main() {
  const started = Date.now();
  const posters = await generatePosters();
  console.log(
    `${posters.length} posters in .cache/posters (${posters.map((p) => `${p.width}×${p.height}`).join(", ")}) in ${Date.now() - started} ms`,
  );
  if (process.argv.includes("--generate-only")) return;
  runMigrations(db());
  const given = await givePosters(db(), dataImagesDir(), posters);
  console.log(
    `Gave ${given.shows} shows a poster (${given.distinct} distinct) in ${Date.now() - started} ms.`,
  );
  closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
