/**
 * npm run posters — gives every active show of DATABASE_PATH a realistic poster with its own
 * title (made once, cached in .cache/posters/) through the real image pipeline (the same as a
 * staff upload).
 */
import { dataImagesDir } from "~/models/show-images.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { givePosters } from "./lib/posters";

async function main() {
  const started = Date.now();
  runMigrations(db());
  const given = await givePosters(db(), dataImagesDir());
  console.log(
    `Gave ${given.shows} shows a poster with their own title (${given.posters.map((p) => `${p.width}×${p.height}`).join(", ")}) in ${Date.now() - started} ms.`,
  );
  closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
