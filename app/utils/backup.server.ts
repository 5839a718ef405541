import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import * as tar from "tar";

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

// --- the whole data directory: database and show images ---------------------------------------

/** What a backup archive holds: the database copy and the show images (`<data dir>/images`). */
const DB_ENTRY = "app.db";
const IMAGES_ENTRY = "images";
/** Image files are `<16 hex hash>/<name>` (master.jpg and variants); nothing else is restored. */
const IMAGE_FILE = /^images\/[0-9a-f]{16}\/[0-9a-z.-]+$/;

function isSqliteFile(file: string) {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(16);
    fs.readSync(fd, head, 0, 16, 0);
    return head.toString("latin1") === "SQLite format 3\0";
  } finally {
    fs.closeSync(fd);
  }
}

/** Every finished file under dir (relative paths), leaving out half-written `*.tmp` files. */
function listFiles(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else if (entry.isFile() && !entry.name.endsWith(".tmp")) out.push(rel);
  }
  return out;
}

/** Image files never change once written (content-addressed, written by rename): a hard link is a safe copy. */
function linkOrCopy(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
}

/**
 * A backup of everything the site keeps: a consistent online copy of the database (as
 * backupDatabase) and every show image under `imagesDirectory`, in one tar file:
 * `app.db` and `images/<hash>/<file>`. Images stored while the backup runs may be missing from
 * it; the site answers a missing image with the stock one and marks the show, never an error.
 */
export async function backupData(databasePath: string, imagesDirectory: string, destPath: string) {
  const staging = `${destPath}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    await backupDatabase(databasePath, path.join(staging, DB_ENTRY));
    const files = listFiles(imagesDirectory);
    for (const rel of files)
      linkOrCopy(path.join(imagesDirectory, rel), path.join(staging, IMAGES_ENTRY, rel));
    const tmp = `${destPath}.tmp`;
    await tar.c(
      { file: tmp, cwd: staging, portable: true },
      files.length ? [DB_ENTRY, IMAGES_ENTRY] : [DB_ENTRY],
    );
    fs.renameSync(tmp, destPath);
    return { path: destPath, bytes: fs.statSync(destPath).size, images: files.length };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Puts a backup in place (server stopped): the show images first (so the restored database never
 * names a missing file), then the database as restoreDatabase does. Images already on disk that the
 * backup does not hold are left (unused files, harmless). A plain `.db` file from before images
 * were backed up is restored as a database alone.
 */
export async function restoreData(backupPath: string, databasePath: string, imagesDirectory: string) {
  if (isSqliteFile(backupPath)) return { ...restoreDatabase(backupPath, databasePath), images: 0 };
  const staging = path.join(path.dirname(path.resolve(databasePath)), `.restore-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  try {
    await tar.x({
      file: backupPath,
      cwd: staging,
      strict: true,
      filter: (p, entry) => {
        const name = p.replace(/^\.\//, "");
        const type = "type" in entry ? entry.type : "File";
        if (type === "Directory") return name === IMAGES_ENTRY || name.startsWith(`${IMAGES_ENTRY}/`);
        return type === "File" && (name === DB_ENTRY || IMAGE_FILE.test(name));
      },
    });
    const db = path.join(staging, DB_ENTRY);
    if (!fs.existsSync(db)) throw new Error("The backup holds no database (app.db).");
    const check = integrityCheck(db);
    if (check !== "ok") throw new Error(`Refusing to restore a damaged backup: ${check}`);
    const files = listFiles(path.join(staging, IMAGES_ENTRY));
    for (const rel of files) {
      const target = path.join(imagesDirectory, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.restore.tmp`;
      fs.copyFileSync(path.join(staging, IMAGES_ENTRY, rel), tmp);
      fs.renameSync(tmp, target);
    }
    return { ...restoreDatabase(db, databasePath), images: files.length };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
