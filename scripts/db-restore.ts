/**
 * npm run db:restore -- BACKUP_FILE
 * Stop the server first. Checks the backup, keeps the current database as
 * <DATABASE_PATH>.before-restore, and puts the backup in its place.
 */
import { restoreDatabase } from "~/utils/backup.server";
import { getEnv } from "~/utils/env.server";

const backup = process.argv[2];
if (!backup) {
  console.error("Usage: npm run db:restore -- BACKUP_FILE   (stop the server first)");
  process.exit(2);
}
try {
  const result = restoreDatabase(backup, getEnv().DATABASE_PATH);
  console.log(`Restored ${backup} to ${result.restored}.${result.keptAs ? ` The previous database is at ${result.keptAs}.` : ""}`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
