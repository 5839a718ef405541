/**
 * npm run db:restore -- BACKUP_FILE
 * Stop the server first. Checks the backup, puts its show images back under <data dir>/images,
 * keeps the current database as <DATABASE_PATH>.before-restore, and puts the backup's in its place.
 * Takes the tar files of `npm run db:backup` and the plain .db files it made before images were included.
 */
import { restoreData } from "~/utils/backup.server";
import { getEnv } from "~/utils/env.server";
import { imagesDir } from "~/utils/image-pipeline.server";

const backup = process.argv[2];
if (!backup) {
  console.error("Usage: npm run db:restore -- BACKUP_FILE   (stop the server first)");
  process.exit(2);
}
const target = getEnv().DATABASE_PATH;
restoreData(backup, target, imagesDir(target))
  .then((result) =>
    console.log(
      `Restored ${backup} to ${result.restored} with ${result.images} image files.${result.keptAs ? ` The previous database is at ${result.keptAs}.` : ""}`,
    ),
  )
  .catch((error) => {
    console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
