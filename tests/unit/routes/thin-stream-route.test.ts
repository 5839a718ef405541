import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 19: route modules are thin (access check, parse, one call). The live-results stream's
 * machinery (the stream, its timers, the vote emitter) lives in app/features/voting/.
 */
describe("the live-results stream route is thin", () => {
  it("no route module builds a stream or listens to the vote emitter", () => {
    const dir = path.resolve("app/routes");
    const offenders = fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f))
      .filter((f) => /new ReadableStream|onRoundChanged\(/.test(fs.readFileSync(path.join(dir, f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("results.stream.ts checks the gate and the round, then calls liveResultsStream once", () => {
    const source = fs.readFileSync(path.resolve("app/routes/results.stream.ts"), "utf8");
    expect(source).toMatch(/hasGate\(request, "resultsGate"\)/);
    expect(source.match(/liveResultsStream\(/g)).toHaveLength(1);
  });
});
