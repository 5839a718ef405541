/**
 * npm run posters — gives every active show of DATABASE_PATH a realistic poster with its own
 * title (made once, cached in .cache/posters/) and every demo comedian but one a drawn headshot
 * (a silhouette with initials, clearly not a photo: scripts/lib/headshots.ts), through the real
 * image pipeline (the same as a staff upload).
 */
import { dataImagesDir } from "~/models/show-images.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { givePosters } from "./lib/posters";
import { giveHeadshots } from "./seeds/headshots";

async function main() {
  const started = Date.now();
  runMigrations(db());
  const given = await givePosters(db(), dataImagesDir());
  console.log(
    `Gave ${given.shows} shows a poster with their own title (${given.posters.map((p) => `${p.width}×${p.height}`).join(", ")}) in ${Date.now() - started} ms.`,
  );
  const drawn = await giveHeadshots(db(), dataImagesDir());
  console.log(`Gave ${drawn} comedians a drawn headshot (an illustration with their initials, not a photo).`);
  closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
