import { formatTable, runCrashPath, SHORT_SIZES, WRITE_PATHS } from "../support/crash-paths";
import { expect, test } from "./fixtures";

// Server-process behaviour, not a page: run once, in the "js" project. Each path starts its
// own copy of the production build on its own temporary database (tests/support/server.ts).
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "process test runs once");

test.describe.configure({ timeout: 60_000 });

for (const path of WRITE_PATHS) {
  test(`${path.name}: every write acknowledged before a SIGKILL is stored once after the restart`, async () => {
    const result = await runCrashPath(path, SHORT_SIZES[path.name]);
    test.info().annotations.push({ type: "crash", description: formatTable([result]) });
    expect(result.acknowledged).toBeGreaterThanOrEqual(SHORT_SIZES[path.name].killAfter);
    expect(result.integrity).toBe("ok");
    expect(result.problems).toEqual([]);
    expect(result.missing).toBe(0);
    expect(result.duplicates).toBe(0);
    expect(result.present).toBe(result.acknowledged);
  });
}
