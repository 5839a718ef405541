import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * An S3-compatible bucket on 127.0.0.1 (s3rver: the S3 REST API of AWS's reference, objects
 * kept in a folder), standing in for Tigris. Litestream and the poster uploader speak to it
 * path-style with SigV4, signed with s3rver's own keys (S3RVER / S3RVER), which it checks.
 * `stop()` and `start()` on the same port and folder: the bucket down, then back.
 */
export const FAKE_S3_KEYS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" } as const;

export async function startFakeS3(options: { bucket?: string } = {}) {
  const bucket = options.bucket ?? "laugh-windsor-test";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-s3-"));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const address = (await server.run()) as unknown as AddressInfo;
    port = address.port;
  };
  await start();
  return {
    bucket,
    directory,
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    /** The variables the server, the entrypoint and the restore read. */
    get env() {
      return {
        BUCKET_NAME: bucket,
        AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
        AWS_REGION: "auto",
        ...FAKE_S3_KEYS,
      };
    },
    /** Objects under a prefix (keys relative to the bucket). */
    keys(prefix = ""): string[] {
      const root = path.join(directory, bucket);
      const out: string[] = [];
      const walk = (dir: string) => {
        if (!fs.existsSync(dir)) return;
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          else if (entry.name.endsWith("._S3rver_object"))
            out.push(path.relative(root, full).replace(/\._S3rver_object$/, ""));
        }
      };
      walk(root);
      return out.filter((k) => k.startsWith(prefix)).sort();
    },
    async stop() {
      await server?.close();
      server = null;
    },
    start,
    async close() {
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
