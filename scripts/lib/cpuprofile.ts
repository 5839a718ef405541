/**
 * Reads a V8 .cpuprofile (what `node --cpu-prof` writes) and says where the time went:
 * the top functions by self time and by inclusive time, and the time per area of the server
 * (middleware, logging, cookie signing, rate limits, Remix, React, SQLite, ...).
 *
 * Area of a sample: the innermost frame on its stack that belongs to a named area; Node's
 * own frames (node:internal/..., native) fall through to their caller, so a HMAC computed
 * for a cookie counts as cookie signing and a write(2) from the logger as logging.
 */
import fs from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

export type Entry = { name: string; selfMs: number; totalMs: number; selfPct: number; totalPct: number };
export type AreaEntry = { area: string; ms: number; pct: number; inclusiveMs: number; inclusivePct: number };
export type ProfileSummary = {
  file: string;
  totalMs: number;
  samples: number;
  bySelf: Entry[];
  byTotal: Entry[];
  byArea: AreaEntry[];
};

/** Ordered: the first rule that matches a frame names its area. */
const AREAS: [string, (f: CallFrame) => boolean][] = [
  ["(idle)", (f) => f.functionName === "(idle)"],
  ["(garbage collector)", (f) => f.functionName === "(garbage collector)"],
  ["(program)", (f) => f.functionName === "(program)"],
  [
    "logging (pino)",
    (f) =>
      /node_modules\/(pino|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|on-exit-leak-free)\//.test(
        f.url,
      ) || /logger\.server/.test(f.url),
  ],
  [
    "cookie parsing/signing",
    (f) =>
      /node_modules\/(cookie|cookie-signature)\//.test(f.url) ||
      /server-runtime\/dist\/(cookies|crypto)\.js/.test(f.url) ||
      /vote-device|device-cookie/.test(f.url),
  ],
  ["sessions", (f) => /server-runtime\/dist\/sessions/.test(f.url) || /session\.server/.test(f.url)],
  ["rate-limit buckets", (f) => /node_modules\/rate-limiter-flexible\//.test(f.url)],
  [
    "security headers (helmet)",
    (f) => /node_modules\/helmet\//.test(f.url) || /security-headers/.test(f.url),
  ],
  [
    "compression",
    (f) =>
      /node_modules\/(compression|compressible|negotiator|accepts)\//.test(f.url) ||
      f.url === "node:zlib" ||
      /node:internal\/(zlib|streams\/.*zlib)/.test(f.url),
  ],
  ["SQLite (better-sqlite3 + drizzle)", (f) => /node_modules\/(better-sqlite3|drizzle-orm)\//.test(f.url)],
  [
    "React render (react-dom/server)",
    (f) => /node_modules\/(react-dom|react|@remix-run\/react)\//.test(f.url),
  ],
  [
    "Remix (matching, loaders, data)",
    (f) =>
      /node_modules\/(@remix-run\/(server-runtime|router|node)|@web3-storage|set-cookie-parser|turbo-stream|undici)\//.test(
        f.url,
      ),
  ],
  ["fetch Request/Headers (undici)", (f) => /node:internal\/deps\/undici/.test(f.url)],
  ["zod / form parsing", (f) => /node_modules\/(zod|@conform-to)\//.test(f.url)],
  [
    "express + middleware",
    (f) =>
      /node_modules\/(express|router|body-parser|finalhandler|send|serve-static|express-static-gzip|on-finished|on-headers|parseurl|proxy-addr|qs|depd|vary|content-type|type-is|mime|mime-types|fresh|etag|range-parser|statuses|encodeurl|escape-html|http-errors|forwarded|ipaddr\.js)\//.test(
        f.url,
      ),
  ],
  [
    "server (build/server.js)",
    (f) => /build\/server\.js$/.test(f.url) || /server\/(index|fetch-adapter)\.ts$/.test(f.url),
  ],
  ["app code (build/index.js)", (f) => /build\/index\.js$/.test(f.url) || /\/app\//.test(f.url)],
  ["other packages", (f) => /node_modules\//.test(f.url)],
];

function areaOf(frame: CallFrame): string | null {
  for (const [name, test] of AREAS) if (test(frame)) return name;
  return null;
}

function frameName(f: CallFrame) {
  const file = f.url
    .replace(/^file:\/\//, "")
    .replace(/^.*node_modules\//, "")
    .replace(/^.*\/build\//, "build/");
  return `${f.functionName || "(anonymous)"} ${file ? `${file}:${f.lineNumber + 1}` : ""}`.trim();
}

export function summarise(file: string, top = 20): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Time per sample: the delta to the next sample (V8 records the delta before each one).
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + Math.max(0, dt));
  }
  const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0) || 1;

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const area = new Map<string, number>();
  const areaInclusive = new Map<string, number>();
  for (const [nodeId, us] of selfUs) {
    const stack: CallFrame[] = [];
    for (let id: number | undefined = nodeId; id !== undefined; id = parent.get(id))
      stack.push(byId.get(id)!.callFrame);
    const leaf = frameName(stack[0]);
    self.set(leaf, (self.get(leaf) ?? 0) + us);
    const seen = new Set<string>();
    for (const f of stack) {
      const name = frameName(f);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + us);
    }
    // Loading the app's modules (at start, within the profile): not a request's cost.
    const startup = stack.some(
      (f) => /^node:internal\/modules\//.test(f.url) || f.functionName === "evaluate",
    );
    const owner = startup
      ? "startup (loading modules)"
      : (stack.map(areaOf).find((a) => a !== null) ?? "Node internals (http, net, streams)");
    area.set(owner, (area.get(owner) ?? 0) + us);
    const areas = new Set(
      startup ? ["startup (loading modules)"] : stack.map(areaOf).filter((a): a is string => a !== null),
    );
    if (areas.size === 0) areas.add("Node internals (http, net, streams)");
    for (const a of areas) areaInclusive.set(a, (areaInclusive.get(a) ?? 0) + us);
  }
  const entry = (name: string): Entry => {
    const s = self.get(name) ?? 0;
    const t = total.get(name) ?? 0;
    return {
      name,
      selfMs: s / 1000,
      totalMs: t / 1000,
      selfPct: (100 * s) / totalUs,
      totalPct: (100 * t) / totalUs,
    };
  };
  const skip = (name: string) => /^\((root|program|idle|garbage collector)\)/.test(name);
  return {
    file,
    totalMs: totalUs / 1000,
    samples: profile.samples.length,
    bySelf: [...self.keys()]
      .map(entry)
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top),
    byTotal: [...total.keys()]
      .filter((n) => !skip(n))
      .map(entry)
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, top),
    byArea: [...area.entries()]
      .map(([name, us]) => ({
        area: name,
        ms: us / 1000,
        pct: (100 * us) / totalUs,
        inclusiveMs: (areaInclusive.get(name) ?? 0) / 1000,
        inclusivePct: (100 * (areaInclusive.get(name) ?? 0)) / totalUs,
      }))
      .sort((a, b) => b.ms - a.ms),
  };
}

/** The summary as Markdown tables (busy time only: idle is listed but not what a request costs). */
export function renderSummary(title: string, s: ProfileSummary, top = 20) {
  const pct = (n: number) => `${n.toFixed(1)} %`;
  const lines = [`#### ${title}`, "", `${s.samples} samples over ${(s.totalMs / 1000).toFixed(1)} s.`, ""];
  lines.push("| area (innermost frame on the stack) | self ms | self % | on stack % |", "|---|---|---|---|");
  for (const a of s.byArea)
    lines.push(`| ${a.area} | ${a.ms.toFixed(0)} | ${pct(a.pct)} | ${pct(a.inclusivePct)} |`);
  lines.push("", `| top ${top} by self time | self ms | self % |`, "|---|---|---|");
  for (const e of s.bySelf.slice(0, top))
    lines.push(`| \`${e.name}\` | ${e.selfMs.toFixed(0)} | ${pct(e.selfPct)} |`);
  lines.push("", `| top ${top} by inclusive time | total ms | total % |`, "|---|---|---|");
  for (const e of s.byTotal.slice(0, top))
    lines.push(`| \`${e.name}\` | ${e.totalMs.toFixed(0)} | ${pct(e.totalPct)} |`);
  return lines.join("\n") + "\n";
}

if (process.argv[1] && /cpuprofile\.ts$/.test(process.argv[1])) {
  // npx tsx scripts/lib/cpuprofile.ts FILE.cpuprofile [TOP]
  const [file, top] = process.argv.slice(2);
  console.log(renderSummary(file, summarise(file, Number(top) || 20), Number(top) || 20));
}
