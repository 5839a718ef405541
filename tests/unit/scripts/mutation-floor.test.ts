// The per-file floor of issue 19 (scripts/mutation-floor.mjs), over one report or the reports of
// runs that each took a part of app/lib.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mutation-floor-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const libFiles = (sub = "app/lib"): string[] =>
  fs
    .readdirSync(sub, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? libFiles(`${sub}/${e.name}`) : e.name.endsWith(".ts") ? [`${sub}/${e.name}`] : [],
    );

type Statuses = Record<string, number>;
function report(name: string, mutate: string[], files: Record<string, Statuses>) {
  const file = path.join(dir, `${name}.json`);
  const mutants = (s: Statuses) =>
    Object.entries(s).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status })));
  fs.writeFileSync(
    file,
    JSON.stringify({
      config: { mutate },
      files: Object.fromEntries(Object.entries(files).map(([f, s]) => [f, { mutants: mutants(s) }])),
    }),
  );
  return file;
}
const floor = (...reports: string[]) =>
  spawnSync(process.execPath, ["scripts/mutation-floor.mjs", ...reports], { encoding: "utf8" });

describe("the mutation floor", () => {
  const all = libFiles();
  const half = Math.floor(all.length / 2);

  it("passes when runs over parts of app/lib together measured every file at 90 % or more", () => {
    const first = report("first", all.slice(0, half), { [all[0]]: { Killed: 9, Survived: 1 } });
    const second = report("second", all.slice(half), { [all[half]]: { Killed: 19, Timeout: 1 } });
    const run = floor(first, second);
    expect(run.stdout).toContain(` 90.00 %     9/10  ok     ${all[0]}`);
    expect(run.stdout).toContain(`100.00 %    20/20  ok     ${all[half]}`);
    expect(run.status).toBe(0);
  });

  it("fails on a file below 90 % (no coverage counts against it) and names it", () => {
    const first = report("low", all.slice(0, half), { [all[0]]: { Killed: 8, NoCoverage: 1, Survived: 1 } });
    const second = report("rest", all.slice(half), {});
    const run = floor(first, second);
    expect(run.stdout).toContain(` 80.00 %     8/10  BELOW  ${all[0]}`);
    expect(run.status).toBe(1);
  });

  it("fails when a file of app/lib was in none of the runs", () => {
    const run = floor(report("part", all.slice(1), {}));
    expect(run.stdout).toContain(`MISSING ${all[0]}`);
    expect(run.status).toBe(1);
  });
});
