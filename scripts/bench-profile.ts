/**
 * `npm run bench -- --profile [--label NAME]`: where a dynamic request's time goes.
 *
 * For each of /vote GET, a vote POST and /healthcheck: the production build is started under
 * `node --cpu-prof --cpu-prof-dir=bench/tmp/profile/NAME/<target>` (bench/tmp is git-ignored),
 * loaded by autocannon as in the bench (50 connections, warm-up then the measured run, loopback
 * only, bounded in time), and stopped with SIGTERM, which writes the .cpuprofile. Each profile
 * is summarised by scripts/lib/cpuprofile.ts (top 20 by self and inclusive time, time per
 * area) into bench/profile-NAME.md. Any .cpuprofile can be read again with
 * `npx tsx scripts/lib/cpuprofile.ts FILE`.
 */
import fs from "node:fs";
import path from "node:path";
import { startLoadServer, stopServer } from "../tests/support/server";
import { renderSummary, summarise } from "./lib/cpuprofile";
import { writeMarkdown } from "./lib/harness";

type Target = { name: string; path: string; vote?: boolean };
type Measure = (
  target: { name: string; url: string; vote?: boolean },
  connections: number,
  duration: number,
  origin: string,
) => Promise<{ rps: number; p50: number; p99: number }>;

export async function runProfile(options: {
  dbPath: string;
  dir: string;
  label: string;
  duration: number;
  warmup: number;
  measure: Measure;
}) {
  const targets: Target[] = [
    { name: "/vote (GET)", path: "/vote" },
    { name: "/vote (POST)", path: "/vote", vote: true },
    { name: "/healthcheck", path: "/healthcheck" },
  ];
  const sections: string[] = [];
  for (const t of targets) {
    const slug = t.name
      .replace(/[^a-z]+/gi, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase();
    const profDir = path.resolve("bench/tmp/profile", options.label, slug);
    fs.rmSync(profDir, { recursive: true, force: true });
    fs.mkdirSync(profDir, { recursive: true });
    const server = await startLoadServer(options.dbPath, options.dir, {
      env: { TRUST_PROXY: "true", LOG_LEVEL: "info" },
      nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profDir}`],
    });
    let line = "";
    try {
      const url = server.base + t.path;
      await options.measure({ ...t, url }, 50, options.warmup, server.base);
      const run = await options.measure({ ...t, url }, 50, options.duration, server.base);
      line = `${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms at 50 connections (while profiled)`;
      console.log(`${t.name}: ${line}`);
    } finally {
      await stopServer(server);
    }
    const file = fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error(`no .cpuprofile in ${profDir}`);
    const summary = summarise(path.join(profDir, file));
    sections.push(renderSummary(`${t.name}: ${line}`, summary));
  }
  const md = [
    `### CPU profile (${options.label}), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    "`npm run bench -- --profile --label " +
      options.label +
      "` (node --cpu-prof under the bench's load; production build and heap settings).",
    "",
    ...sections,
  ].join("\n");
  fs.mkdirSync("bench", { recursive: true });
  await writeMarkdown(`bench/profile-${options.label}.md`, md);
  console.log("\n" + md);
}
