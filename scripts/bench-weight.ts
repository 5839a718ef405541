/**
 * The page-weight part of `npm run bench` alone (`npm run bench -- --weight`): the demo data with
 * its realistic posters (as `npm run demo` has it), the production server, and a first visit of
 * each public page on a phone counted by Chromium (scripts/lib/page-weight.ts): requests by kind,
 * JavaScript as served (brotli, gzip) and the scripts largest first. Writes bench/weight.md and
 * bench/weight.json, and the table into README.md (Performance).
 */
import fs from "node:fs";
import { todayIn } from "~/lib/dates";
import { comedianSlug } from "~/lib/lineup";
import { showPath } from "~/lib/slug";
import { openDatabase } from "~/utils/db.server";
import { imagesDir } from "~/utils/image-pipeline.server";
import { tempDatabase } from "../tests/support/db";
import {
  firstVisitWeights,
  renderWeights,
  WEIGHT_TARGET,
  type PageWeight,
} from "../tests/support/page-weight";
import { startLoadServer, stopServer } from "../tests/support/server";
import { seededShow } from "../tests/support/shows";
import { CHROMIUM, requireChromium } from "./lib/chromium";
import { updateReadmeBlock, writeMarkdown } from "./lib/harness";
import { givePosters } from "./lib/posters";
import { seedDemoData } from "./seeds/demo";

/** The demo's pages a visitor lands on first, the show pages among them. */
export function weightPaths(database: Parameters<typeof seededShow>[0]) {
  const show = (title: string) => seededShow(database, title);
  return [
    "/",
    "/calendar",
    `/event/${show("Tuesday Night Stand-Up at Tipsy Toucan").id}`,
    showPath(show("Laughs on the Waterfront") as Parameters<typeof showPath>[0]),
    showPath(show("Sip & Giggle at the Winery") as Parameters<typeof showPath>[0]),
    `/event/${show("Game On! Comedy Game Show with host Danny Vega").id}`,
    `/comedians/${comedianSlug("Omar Haddad")}`,
    "/tipsy-toucan",
    "/vote",
  ];
}

/** Is this a show page (the target's subject)? */
export const isShowPage = (path: string) => /^\/(event|show)\//.test(path);

export async function runWeightBench() {
  const { dir, file } = tempDatabase("bench-weight", (database) => seedDemoData(database, todayIn()));
  const database = openDatabase(file);
  await givePosters(database, imagesDir(file));
  const paths = weightPaths(database);
  database.$client.close();
  const server = await startLoadServer(file, dir);
  try {
    requireChromium();
    const weights = await firstVisitWeights(server.base, paths, { executablePath: CHROMIUM });
    return { date: new Date().toISOString(), weights };
  } finally {
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The table, the show pages against the target, and the largest scripts of the first show page. */
export function renderWeightMarkdown(r: { date: string; weights: PageWeight[] }) {
  const lines = [
    `Measured ${r.date.slice(0, 16).replace("T", " ")} UTC (the demo data with its posters).`,
    "",
  ];
  lines.push(renderWeights(r.weights));
  for (const w of r.weights.filter((x) => isShowPage(x.path))) {
    const ok = w.requests <= WEIGHT_TARGET.requests && w.jsBrotliBytes <= WEIGHT_TARGET.jsBrotliBytes;
    lines.push(
      `- ${w.path}: ${w.requests} requests, ${(w.jsBrotliBytes / 1024).toFixed(1)} KB JS brotli: ${ok ? "within the target" : "OVER the target"}`,
    );
  }
  const first = r.weights.find((x) => isShowPage(x.path));
  if (first)
    lines.push(
      "",
      `Scripts of ${first.path} (brotli bytes): ${first.scripts.map((s) => `${s.url.replace(/^\/build\//, "")} ${s.brotli}`).join(", ")}`,
    );
  return lines.join("\n") + "\n";
}

export async function writeWeightResults(r: { date: string; weights: PageWeight[] }) {
  fs.mkdirSync("bench", { recursive: true });
  fs.writeFileSync("bench/weight.json", JSON.stringify(r, null, 2) + "\n");
  const md = renderWeightMarkdown(r);
  await writeMarkdown("bench/weight.md", md);
  await updateReadmeBlock("bench-weight", md);
  console.log("\n" + md);
}
