// The per-file floor of issue 19: every file in app/lib must kill at least 90 % of its mutants.
// Reads the JSON report that `stryker run` writes (stryker.config.mjs), or several reports of runs
// that each took a part of app/lib (`--mutate <files>`, one after another on a busy machine), and
// exits 1 when a file is below the floor or a file in app/lib was in none of the runs.
// The score is Stryker's "% Mutation score": (killed + timeout) / (killed + timeout + survived +
// no coverage); mutants that do not compile or crash the run are not counted, as Stryker does.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const FLOOR = Number(process.env.MUTATION_FLOOR ?? 90);
const reportPaths = process.argv.length > 2 ? process.argv.slice(2) : ["reports/mutation/mutation.json"];
const reportPath = reportPaths.join(", ");
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const relative = (name) => path.relative(root, path.resolve(root, name)).split(path.sep).join("/");

/** @type {{ files: Record<string, { mutants: { status: string }[] }>, config?: { mutate?: string[] } }[]} */
const reports = reportPaths.map((p) => JSON.parse(readFileSync(path.resolve(root, p), "utf8")));
// A file in two reports counts as the later run measured it.
const files = Object.assign({}, ...reports.map((r) => r.files));

const rows = [];
for (const [name, file] of Object.entries(files)) {
  const rel = relative(name);
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
// Stryker leaves files with no mutants (types only, `as const` copy) out of the report. A file a
// run was asked to mutate (the whole of app/lib, or the file by name) passes; any other was not tested.
const asked = reports.flatMap((r) => r.config?.mutate ?? []);
const wholeRun = asked.includes("app/lib/**/*.ts");
const askedFiles = new Set(asked.map(relative));
const reported = new Set(rows.map((row) => row.rel));
const absent = libFiles("app/lib").filter((rel) => !reported.has(rel));
const missing = wholeRun ? [] : absent.filter((rel) => !askedFiles.has(rel));

rows.sort((a, b) => a.score - b.score || a.rel.localeCompare(b.rel));
const below = rows.filter((row) => row.score < FLOOR);
for (const row of rows) {
  const mark = row.score < FLOOR ? "BELOW" : "ok";
  console.log(
    `${row.score.toFixed(2).padStart(6)} %  ${`${row.detected}/${row.valid}`.padStart(7)}  ${mark.padEnd(5)}  ${row.rel}`,
  );
}
for (const rel of absent) {
  if (!missing.includes(rel)) console.log(`     —             ok     ${rel} (no mutants)`);
  else console.log(`     —             MISSING ${rel} (not in this run: run the whole of app/lib)`);
}

if (below.length > 0 || missing.length > 0) {
  console.error(
    `\nmutation floor: ${below.length} file(s) below ${FLOOR} %, ${missing.length} missing from ${reportPath}`,
  );
  process.exit(1);
}
console.log(`\nmutation floor: all ${rows.length} files in app/lib at or above ${FLOOR} %`);
