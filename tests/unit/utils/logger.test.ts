import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOAD_ENV } from "../../support/env";

/**
 * The logger writes off the request's path (issue 20): lines wait while a write is under way.
 * None may be lost when the process ends at once after logging (a crash exit, the end of a
 * shutdown), which a real process is, so these run one.
 */
function runLogging(code: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...LOAD_ENV, LOG_LEVEL: "info" };
  delete env.VITEST; // the logger is silent under vitest
  const script = `import { logger } from ${JSON.stringify(path.resolve("app/utils/logger.server.ts"))};\n${code}`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env,
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe("logger", () => {
  it("writes a line logged just before the process exits", () => {
    const lines = runLogging(`logger().error({ code: 7 }, "about to exit"); process.exit(0);`);
    expect(lines).toEqual([expect.objectContaining({ level: 50, code: 7, msg: "about to exit" })]);
  });

  it("writes every line of a burst, in order, when the process exits right after it", () => {
    const lines = runLogging(
      `for (let i = 0; i < 5000; i++) logger().info({ i, path: "/vote" }, "request"); process.exit(0);`,
    );
    expect(lines).toHaveLength(5000);
    expect(lines.map((l) => l.i)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(lines[0]).toMatchObject({
      msg: "request",
      path: "/vote",
      time: expect.any(Number),
    });
    // pino's own time: milliseconds since 1970, of this run.
    expect(Math.abs(lines[0].time - Date.now())).toBeLessThan(60_000);
  });
});
