/**
 * npm run db:backup [-- DEST]
 * A backup of everything the site keeps, while it serves traffic: a consistent online copy of
 * DATABASE_PATH and the show images beside it (<data dir>/images), in one tar file.
 * DEST defaults to ./backups/app-<timestamp>.tar next to the database (on Fly: /data/backups).
 */
import path from "node:path";
import { backupData } from "~/utils/backup.server";
import { getEnv } from "~/utils/env.server";
import { imagesDir } from "~/utils/image-pipeline.server";

const source = getEnv().DATABASE_PATH;
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const dest = process.argv[2] ?? path.join(path.dirname(source), "backups", `app-${stamp}.tar`);
backupData(source, imagesDir(source), dest)
  .then(({ path: file, bytes, images }) =>
    console.log(
      `Backed up ${source} and ${images} image files to ${file} (${bytes} bytes, database integrity ok).`,
    ),
  )
  .catch((error) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
