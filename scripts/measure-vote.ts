/**
 * npx tsx scripts/measure-vote.ts — what a phone downloads for /vote: the HTML and every
 * script and stylesheet it links, raw and gzipped (the server compresses). Expects a build.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import { startLoadServer, stopServer } from "../tests/support/server";
import { prepareVoteDatabase } from "../tests/support/voters";
import { requireBuild } from "./lib/harness";

requireBuild();
const setup = prepareVoteDatabase();
const server = await startLoadServer(setup.file, setup.dir);
try {
  const html = await (await fetch(`${server.base}/vote?round=${setup.roundId}`)).text();
  const assets = new Set<string>();
  for (const m of html.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)) assets.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/build\/[^"']+\.js)["']/g))
    assets.add(m[1]);
  const gz = (s: Buffer) => zlib.gzipSync(s, { level: 6 }).length;
  const rows: [string, number, number][] = [["HTML /vote", Buffer.byteLength(html), gz(Buffer.from(html))]];
  for (const a of assets) {
    const body = Buffer.from(await (await fetch(`${server.base}${a}`)).arrayBuffer());
    rows.push([a, body.length, gz(body)]);
  }
  const sum = (filter: (r: [string, number, number]) => boolean) =>
    rows.filter(filter).reduce((t, r) => [t[0] + r[1], t[1] + r[2]], [0, 0]);
  for (const [name, raw, z] of rows)
    console.log(`${name.padEnd(60)} ${String(raw).padStart(8)} B  ${String(z).padStart(7)} B gzip`);
  const js = sum((r) => r[0].endsWith(".js"));
  const css = sum((r) => r[0].endsWith(".css"));
  const all = sum(() => true);
  console.log(
    `JS total: ${js[0]} B (${js[1]} B gzip); CSS total: ${css[0]} B (${css[1]} B gzip); everything: ${all[0]} B (${all[1]} B gzip)`,
  );
  // Slow 3G in Chrome's throttling presets: 400 kbit/s down, 400 ms round trip.
  console.log(
    `on slow 3G (400 kbit/s): HTML+CSS (usable page) ~${(((rows[0][2] + css[1]) * 8) / 400_000).toFixed(1)} s, everything ~${((all[1] * 8) / 400_000).toFixed(1)} s of transfer`,
  );
} finally {
  await stopServer(server);
  fs.rmSync(setup.dir, { recursive: true, force: true });
}
