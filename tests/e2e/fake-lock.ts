import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A test that switches a fake's mode holds this lock (an atomic mkdir, named after the fake's
 * port) until it has put the fake back, so no other test sees a mode it didn't ask for. Each
 * worker has fakes of its own now (tests/e2e/fixtures.ts), so only that worker's tests meet it.
 */
export async function withFakeLock<T>(fn: () => Promise<T>): Promise<T> {
  const run = new URL(process.env.E2E_SHEET_URL ?? "http://127.0.0.1:0").port;
  const dir = path.join(os.tmpdir(), `laugh-e2e-fake-lock-${run}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`The fake lock ${dir} was held for over a minute`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
