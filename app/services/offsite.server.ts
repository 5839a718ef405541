/**
 * What lives off the machine (issue 38), in one S3-compatible bucket (Tigris on Fly):
 *
 * - the database, streamed there by Litestream (started beside the server by the entrypoint;
 *   `restoreDatabaseFromReplica` runs `litestream restore` with deploy/litestream.yml);
 * - every poster master (`posters/<hash>.jpg`): uploaded here after it is made, marked done by
 *   a `.offsite` file beside it, and fetched back by a restore. Variants are never uploaded: they
 *   are rendered again from the master on first request (docs/decisions/deploy.md).
 *
 * Requests are signed with aws4fetch (SigV4) and sent path-style, as Litestream's are.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { getEnv, type Env } from "~/utils/env.server";
import { masterPath, onMasterStored, writeAtomic } from "~/utils/image-pipeline.server";
import type { logger } from "~/utils/logger.server";

type BucketEnv = Pick<
  Env,
  "BUCKET_NAME" | "AWS_ENDPOINT_URL_S3" | "AWS_REGION" | "AWS_ACCESS_KEY_ID" | "AWS_SECRET_ACCESS_KEY"
>;

export const OFFSITE_MARK = ".offsite";
const posterKey = (hash: string) => `posters/${hash}.jpg`;

export function bucketClient(env: BucketEnv = getEnv()) {
  if (!env.BUCKET_NAME || !env.AWS_ACCESS_KEY_ID || !env.AWS_SECRET_ACCESS_KEY) return null;
  const endpoint = (env.AWS_ENDPOINT_URL_S3 ?? `https://s3.${env.AWS_REGION}.amazonaws.com`).replace(
    /\/$/,
    "",
  );
  const aws = new AwsClient({
    accessKeyId: env.AWS_ACCESS_KEY_ID,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    service: "s3",
    region: env.AWS_REGION === "auto" ? "us-east-1" : env.AWS_REGION,
    retries: 2,
  });
  const url = (key: string) => `${endpoint}/${encodeURIComponent(env.BUCKET_NAME!)}/${key}`;
  const send = async (method: string, key: string, body?: Buffer) => {
    const res = await aws.fetch(url(key), {
      method,
      body: body ? new Uint8Array(body) : undefined,
      headers: body ? { "content-type": "image/jpeg" } : undefined,
      signal: AbortSignal.timeout(60_000),
    });
    return res;
  };
  return {
    bucket: env.BUCKET_NAME,
    async putPoster(hash: string, bytes: Buffer) {
      const res = await send("PUT", posterKey(hash), bytes);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`the bucket answered ${res.status} to PUT ${posterKey(hash)}`);
    },
    /** The master's bytes, or null when the bucket does not have it. */
    async getPoster(hash: string): Promise<Buffer | null> {
      const res = await send("GET", posterKey(hash));
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw new Error(`the bucket answered ${res.status} to GET ${posterKey(hash)}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}

export type Bucket = NonNullable<ReturnType<typeof bucketClient>>;

/** Masters on disk that are not yet in the bucket (no `.offsite` mark). */
export function postersNotOffsite(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter(
    (hash) => fs.existsSync(masterPath(dir, hash)) && !fs.existsSync(path.join(dir, hash, OFFSITE_MARK)),
  );
}

/** Uploads every master not yet off-site; answers how many went and how many are left. */
export async function uploadPosters(bucket: Bucket, dir: string) {
  let sent = 0;
  const waiting = postersNotOffsite(dir);
  for (const hash of waiting) {
    await bucket.putPoster(hash, await fs.promises.readFile(masterPath(dir, hash)));
    fs.writeFileSync(path.join(dir, hash, OFFSITE_MARK), new Date().toISOString());
    sent++;
  }
  return { sent, left: waiting.length - sent };
}

/**
 * Keeps the poster masters off-site: a pass at start, after each new master and every
 * `intervalMs`; a failed pass is logged and tried again on the next (the masters stay marked
 * as waiting, and `laugh_posters_not_offsite` says how many).
 */
export function startPosterUploader(options: {
  bucket: Bucket;
  dir: string;
  log: ReturnType<typeof logger>;
  intervalMs?: number;
}) {
  let running = false;
  let again = false;
  let failing = false;
  const pass = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const { sent } = await uploadPosters(options.bucket, options.dir);
        if (sent) options.log.info({ sent }, "poster masters copied to the bucket");
        if (failing) options.log.info("poster masters: the bucket answers again");
        failing = false;
      } while (again);
    } catch (error) {
      if (!failing)
        options.log.warn({ err: error }, "poster masters: copying to the bucket failed (tried again)");
      failing = true;
    } finally {
      running = false;
    }
  };
  onMasterStored(() => void pass());
  const timer = setInterval(() => void pass(), options.intervalMs ?? 60_000);
  timer.unref();
  void pass();
  return {
    stop() {
      clearInterval(timer);
      onMasterStored(undefined);
    },
  };
}

/** Fetches the masters a restored database refers to; answers what came back and what is missing. */
export async function restorePosters(bucket: Bucket, dir: string, hashes: string[]) {
  let restored = 0;
  const missing: string[] = [];
  for (const hash of hashes) {
    if (fs.existsSync(masterPath(dir, hash))) continue;
    const bytes = await bucket.getPoster(hash);
    if (!bytes) {
      missing.push(hash);
      continue;
    }
    writeAtomic(masterPath(dir, hash), bytes);
    fs.writeFileSync(path.join(dir, hash, OFFSITE_MARK), new Date().toISOString());
    restored++;
  }
  return { restored, missing };
}

/** The Litestream binary of the npm package @flydotio/litestream (or LITESTREAM_BIN). */
export function litestreamBinary() {
  if (process.env.LITESTREAM_BIN) return process.env.LITESTREAM_BIN;
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/package.json`);
  return path.join(path.dirname(pkg), "litestream");
}

export const LITESTREAM_CONFIG = path.resolve("deploy/litestream.yml");

/**
 * `litestream restore` of DATABASE_PATH's replica into `target` (which must not exist), as of
 * `timestamp` when given. Answers false when the bucket holds no replica and `ifReplicaExists`.
 */
export async function restoreDatabaseFromReplica(options: {
  target: string;
  timestamp?: string;
  ifReplicaExists?: boolean;
  env?: Pick<Env, "DATABASE_PATH" | "AWS_REGION" | "LITESTREAM_ADDR">;
}) {
  const env = options.env ?? getEnv();
  const args = [
    "restore",
    "-config",
    process.env.LITESTREAM_CONFIG ?? LITESTREAM_CONFIG,
    "-o",
    options.target,
  ];
  if (options.timestamp) args.push("-timestamp", options.timestamp);
  if (options.ifReplicaExists) args.push("-if-replica-exists");
  args.push(path.resolve(env.DATABASE_PATH));
  const output: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(litestreamBinary(), args, {
      env: {
        ...process.env,
        DATABASE_PATH: path.resolve(env.DATABASE_PATH),
        AWS_REGION: env.AWS_REGION,
        LITESTREAM_ADDR: env.LITESTREAM_ADDR,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (c: Buffer) => output.push(c));
    child.stderr.on("data", (c: Buffer) => output.push(c));
    child.on("error", reject);
    child.on("exit", resolve);
  });
  const log = Buffer.concat(output).toString("utf8");
  if (code !== 0) throw new Error(`litestream restore failed (exit ${code}):\n${log}`);
  return { restored: fs.existsSync(options.target), log };
}
