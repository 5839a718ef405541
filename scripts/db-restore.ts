/**
 * npm run db:restore -- BACKUP_FILE
 *   Stop the server first. Checks the backup, puts its show images back under <data dir>/images,
 *   keeps the current database as <DATABASE_PATH>.before-restore, and puts the backup's in its place.
 *   Takes the tar files of `npm run db:backup` and the plain .db files it made before images were included.
 *
 * npm run db:restore -- --from-replica [--timestamp T] [--to FILE] [--if-replica-exists]
 *   The off-site copy (issue 38): `litestream restore` of DATABASE_PATH's replica from the bucket
 *   (BUCKET_NAME and its keys) into an empty place (DATABASE_PATH, or FILE), as of T when given
 *   (RFC 3339, e.g. 2026-11-26T22:00:00Z; a week back at most), integrity-checked, then every
 *   poster master it refers to from the same bucket. Never overwrites a database. The entrypoint
 *   runs it with --if-replica-exists on an empty volume (nothing in the bucket: start empty).
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { bucketClient, restoreDatabaseFromReplica, restorePosters } from "~/services/offsite.server";
import { integrityCheck, restoreData } from "~/utils/backup.server";
import { getEnv } from "~/utils/env.server";
import { imagesDir } from "~/utils/image-pipeline.server";

const USAGE = `Usage: npm run db:restore -- BACKUP_FILE   (stop the server first)
       npm run db:restore -- --from-replica [--timestamp T] [--to FILE] [--if-replica-exists]`;

function option(args: string[], name: string) {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith("--")) {
    console.error(`${name} needs a value\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

async function fromReplica(args: string[]) {
  const env = getEnv();
  const bucket = bucketClient(env);
  if (!bucket) {
    console.error("Restore failed: BUCKET_NAME, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set.");
    process.exit(1);
  }
  const target = path.resolve(option(args, "--to") ?? env.DATABASE_PATH);
  const timestamp = option(args, "--timestamp");
  if (timestamp && Number.isNaN(Date.parse(timestamp))) {
    console.error(`Restore failed: --timestamp ${timestamp} is not a time (use e.g. 2026-11-26T22:00:00Z).`);
    process.exit(2);
  }
  if (fs.existsSync(target)) {
    console.error(
      `Restore failed: ${target} exists. A restore goes onto an empty volume; to look at an older copy ` +
        `beside the live one, add --to with a new file name (then docs/operations.md, "Restore drill").`,
    );
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const started = Date.now();
  const { restored } = await restoreDatabaseFromReplica({
    target,
    timestamp,
    ifReplicaExists: args.includes("--if-replica-exists"),
  });
  if (!restored) {
    console.log(
      `The bucket ${bucket.bucket} holds no replica yet: nothing restored (a first deploy starts empty).`,
    );
    return;
  }
  const integrity = integrityCheck(target);
  if (integrity !== "ok") throw new Error(`the restored database fails its integrity check: ${integrity}`);
  const database = new Database(target, { readonly: true });
  const count = (table: string) => Number(database.prepare(`select count(*) from ${table}`).pluck().get());
  const hashes = database.prepare("select hash from images").pluck().all() as string[];
  const figures = {
    shows: count("events"),
    votes: count("votes"),
    messages: count("contact_messages"),
    applications: count("contestant_applications"),
    staff: count("staff_users"),
  };
  database.close();
  const posters = await restorePosters(bucket, imagesDir(target), hashes);
  console.log(
    `Restored ${target} from bucket ${bucket.bucket}${timestamp ? ` as of ${timestamp}` : ""} in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s (integrity ok): ${figures.shows} shows, ${figures.votes} votes, ` +
      `${figures.messages} messages, ${figures.applications} applications, ${figures.staff} staff; ` +
      `poster masters: ${posters.restored} fetched, ${posters.missing.length} missing.`,
  );
  if (posters.missing.length) {
    console.log(
      `Missing masters (their shows show the stock image until a poster is uploaded again): ${posters.missing.join(", ")}`,
    );
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--from-replica")) return fromReplica(args);
  const backup = args[0];
  if (!backup || backup.startsWith("--")) {
    console.error(USAGE);
    process.exit(2);
  }
  const target = getEnv().DATABASE_PATH;
  const result = await restoreData(backup, target, imagesDir(target));
  console.log(
    `Restored ${backup} to ${result.restored} with ${result.images} image files.${result.keptAs ? ` The previous database is at ${result.keptAs}.` : ""}`,
  );
}

main().catch((error) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
