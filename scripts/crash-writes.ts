/**
 * npm run crash:writes — SIGKILL under load on every write path (vote, contact, application,
 * event save, sync), restart on the same database, and check that every acknowledged write
 * is stored exactly once and PRAGMA integrity_check says ok. Prints one table row per path.
 * Expects a build (`npm run build`); loopback only; bounded to 150 s.
 *   --short            the small sizes npm test uses
 *   --path contact     one path (repeatable)
 */
import { FULL_SIZES, formatTable, runAllCrashPaths, SHORT_SIZES } from "../tests/support/crash-paths";
import { giveUpAfter, requireBuild } from "./lib/harness";

const args = process.argv.slice(2);
const only = args.flatMap((a, i) => (a === "--path" && args[i + 1] ? [args[i + 1]] : []));
const sizes = args.includes("--short") ? SHORT_SIZES : FULL_SIZES;

requireBuild();
const disarm = giveUpAfter("crash test", 150);

const results = await runAllCrashPaths(sizes, only.length ? only : undefined);
disarm();
console.log(formatTable(results));
const failed = results.filter((r) => r.problems.length);
for (const r of failed) console.error(`FAILED ${r.path}:\n  ${r.problems.slice(0, 20).join("\n  ")}`);
if (!failed.length)
  console.log(
    "OK: no acknowledged write lost to SIGKILL on any path, none stored twice, integrity_check ok.",
  );
process.exit(failed.length ? 1 : 0);
