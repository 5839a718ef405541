/**
 * npm run db:backup [-- DEST]
 * A consistent online backup of DATABASE_PATH while the site serves traffic.
 * DEST defaults to ./backups/app-<timestamp>.db (next to the database on Fly: /data/backups).
 */
import path from "node:path";
import { backupDatabase } from "~/utils/backup.server";
import { getEnv } from "~/utils/env.server";

const source = getEnv().DATABASE_PATH;
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const dest = process.argv[2] ?? path.join(path.dirname(source), "backups", `app-${stamp}.db`);
backupDatabase(source, dest)
  .then(({ path: file, bytes }) => console.log(`Backed up ${source} to ${file} (${bytes} bytes, integrity ok).`))
  .catch((error) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
