import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/**
 * A consistent online copy of the live database (SQLite's backup API through
 * better-sqlite3): safe while the site keeps serving reads and writes.
 */
export async function backupDatabase(sourcePath: string, destPath: string) {
  fs.mkdirSync(path.dirname(path.resolve(destPath)), { recursive: true });
  const source = new Database(sourcePath, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(destPath);
  } finally {
    source.close();
  }
  const check = integrityCheck(destPath);
  if (check !== "ok") throw new Error(`The backup failed its integrity check: ${check}`);
  return { path: destPath, bytes: fs.statSync(destPath).size };
}

/** "ok" or SQLite's description of what is wrong. */
export function integrityCheck(file: string): string {
  const database = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = database.pragma("integrity_check") as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join("; ");
  } finally {
    database.close();
  }
}

/**
 * Puts a backup in place of the database. Run with the server stopped: the backup is
 * checked first, the current file is kept beside it as `<name>.before-restore`, and stale
 * WAL/SHM files are removed so SQLite cannot replay them over the restored copy.
 */
export function restoreDatabase(backupPath: string, targetPath: string) {
  const check = integrityCheck(backupPath);
  if (check !== "ok") throw new Error(`Refusing to restore a damaged backup: ${check}`);
  let keptAs: string | null = null;
  if (fs.existsSync(targetPath)) {
    keptAs = `${targetPath}.before-restore`;
    // Fold the live WAL into the old file before keeping it aside.
    const old = new Database(targetPath);
    old.pragma("wal_checkpoint(TRUNCATE)");
    old.close();
    fs.copyFileSync(targetPath, keptAs);
  }
  const temp = `${targetPath}.restoring`;
  fs.mkdirSync(path.dirname(path.resolve(targetPath)), { recursive: true });
  fs.copyFileSync(backupPath, temp);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${targetPath}${suffix}`, { force: true });
  fs.renameSync(temp, targetPath);
  return { restored: targetPath, keptAs };
}
