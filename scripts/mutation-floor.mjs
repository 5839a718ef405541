// The per-file floor of issue 19: every file in app/lib must kill at least 90 % of its mutants.
// Reads the JSON report that `stryker run` writes (stryker.config.mjs) and exits 1 when a file is
// below the floor or, after a partial run (--mutate), a file in app/lib was not tested.
// The score is Stryker's "% Mutation score": (killed + timeout) / (killed + timeout + survived +
// no coverage); mutants that do not compile or crash the run are not counted, as Stryker does.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const FLOOR = Number(process.env.MUTATION_FLOOR ?? 90);
const reportPath = process.argv[2] ?? "reports/mutation/mutation.json";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** @type {{ files: Record<string, { mutants: { status: string }[] }> }} */
const report = JSON.parse(readFileSync(path.resolve(root, reportPath), "utf8"));

const rows = [];
for (const [name, file] of Object.entries(report.files)) {
  const rel = path.relative(root, path.resolve(root, name)).split(path.sep).join("/");
  const count = (...statuses) => file.mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count("Killed", "Timeout");
  const valid = detected + count("Survived", "NoCoverage");
  rows.push({ rel, detected, valid, score: valid === 0 ? 100 : (detected / valid) * 100 });
}

function libFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return libFiles(rel);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [rel] : [];
  });
}
// Stryker leaves files with no mutants (types only, `as const` copy) out of the report. After a
// run over the whole of app/lib they pass; after a partial run (--mutate) they were not tested.
const wholeRun = (report.config?.mutate ?? []).includes("app/lib/**/*.ts");
const reported = new Set(rows.map((row) => row.rel));
const absent = libFiles("app/lib").filter((rel) => !reported.has(rel));
const missing = wholeRun ? [] : absent;

rows.sort((a, b) => a.score - b.score || a.rel.localeCompare(b.rel));
const below = rows.filter((row) => row.score < FLOOR);
for (const row of rows) {
  const mark = row.score < FLOOR ? "BELOW" : "ok";
  console.log(
    `${row.score.toFixed(2).padStart(6)} %  ${`${row.detected}/${row.valid}`.padStart(7)}  ${mark.padEnd(5)}  ${row.rel}`,
  );
}
for (const rel of absent) {
  if (wholeRun) console.log(`     —             ok     ${rel} (no mutants)`);
  else console.log(`     —             MISSING ${rel} (not in this run: run the whole of app/lib)`);
}

if (below.length > 0 || missing.length > 0) {
  console.error(
    `\nmutation floor: ${below.length} file(s) below ${FLOOR} %, ${missing.length} missing from ${reportPath}`,
  );
  process.exit(1);
}
console.log(`\nmutation floor: all ${rows.length} files in app/lib at or above ${FLOOR} %`);
