/**
 * npm run bench — the performance proof (loopback only, bounded, ~6 minutes on 2 cores).
 *
 * Builds the app, seeds a temporary database (200 upcoming shows, 30 of them recurring
 * with 6 dates each, 40 comedians, an open round), starts the production server, and
 * measures with autocannon at 10 and 50 connections (three interleaved rounds of 5 s each after a
 * 2 s warm-up; each figure is the round with the median rate, since the machine is shared):
 * the public pages, vote POSTs with distinct e-mails, /healthcheck, and — in the same
 * run — a bare node:http server in a process of its own answering with the bytes and headers
 * the app sent for `/` (the limit; scripts/lib/bare-server.mjs). The load tool (autocannon)
 * runs in this process, the app and the bare server each in their own. Each run also reports the
 * CPU time per request of the answering process and of the load tool, to show which was the limit.
 * Then page weights (a first visit on a phone counted by Chromium: scripts/lib/page-weight.ts),
 * Lighthouse (mobile defaults) on four pages, and the server's RSS.
 * Writes bench/results.json and bench/results.md, and the table into README.md.
 *
 * Flags: --skip-build, --quick (2 s runs, no Lighthouse: for trying the script itself),
 *        --shows N (upcoming shows to seed; default 200),
 *        --load-only (the load runs, page weights and RSS; no Lighthouse, no image part),
 *        --rss (only the load runs and where the server's memory is after them: V8's heap from
 *        /metrics, malloc's and the binary's from /proc; --quick for one short round),
 *        --room (only issue 37's room: 1,000 phones behind one address, the projector's latency),
 *        --images (only the image part: scripts/bench-images.ts; CPU-heavy, run it alone),
 *        --weight (only the page weights on the demo data with its posters: scripts/bench-weight.ts),
 *        --growth [--label NAME] [--shows-sizes a,b,c] [--vote-sizes a,b,c] (only how cost grows
 *        with the data: scripts/bench-growth.ts, written to bench/growth-NAME.md),
 *        --profile [--label NAME] (only a CPU profile of /vote GET, a vote POST and /healthcheck
 *        under load: scripts/bench-profile.ts, written to bench/profile-NAME.md),
 *        --tickets (only what a ticket check costs: vote POST p99 and the room, A/B against a
 *        round without one: scripts/bench-tickets.ts, written to bench/tickets.md).
 * The image part (realistic posters, upload time and RSS, bytes per page on a phone,
 * Lighthouse with LCP image bytes) runs at the end of a full run too.
 */
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { comedians, eventDates, events, roundComedians, votingRounds } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { showSlug } from "~/lib/slug";
import { openDatabase, runMigrations } from "~/utils/db.server";
import { newVoteToken } from "~/utils/vote-device.server";
import { FORMS, formFields } from "../tests/support/forms";
import { firstVisitWeights, renderWeights, type PageWeight } from "../tests/support/page-weight";
import { medianBy, medianRound } from "../tests/support/rounds";
import { startLoadServer, stopServer } from "../tests/support/server";
import { runGrowth } from "./bench-growth";
import { renderImageMarkdown, runImageBench, type ImageBench } from "./bench-images";
import { runProfile } from "./bench-profile";
import { runTicketBench } from "./bench-tickets";
import { runWeightBench, writeWeightResults } from "./bench-weight";
import { CHROMIUM, lighthouseRun } from "./lib/chromium";
import {
  cpuMicros,
  deviceCookieFor,
  memoryMiB,
  rssMiB,
  updateReadmeBlock,
  writeMarkdown,
} from "./lib/harness";
import { renderRoom, runRoom, type RoomRun } from "./lib/room-bench";

type MemoryMiB = NonNullable<ReturnType<typeof memoryMiB>>;

/**
 * Waits until the process is idle (under 5 % of a core over 200 ms), at most 15 s: the work a
 * run left queued must not be counted in the next target's CPU and latency.
 */
async function settled(pid: number | undefined): Promise<number> {
  const started = Date.now();
  let before = cpuMicros(pid);
  while (before !== null && Date.now() - started < 15_000) {
    await new Promise((r) => setTimeout(r, 200));
    const now = cpuMicros(pid);
    if (now === null || now - before < 10_000) break;
    before = now;
  }
  return Date.now() - started;
}

const args = new Set(process.argv.slice(2));
const QUICK = args.has("--quick");
/** --load-only: the load runs, weights and RSS; no Lighthouse and no image part. */
const LOAD_ONLY = args.has("--load-only");
/** --rss: only the load runs and where the server's memory is after them. */
const RSS_ONLY = args.has("--rss");
const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789abcdef";
const DURATION = QUICK ? 2 : 5;
const WARMUP = QUICK ? 1 : 2;
/**
 * Rounds of the whole list of targets, one after another. A shared machine's speed drifts by a
 * factor of two within minutes (the bare server alone measured 2,580 and 7,950 req/s at 10
 * connections in two runs of one morning): each target's figure is its median round, and the
 * ratios compare medians of rounds that ran interleaved.
 */
const ROUNDS = QUICK ? 1 : 3;
const showsFlag = process.argv.indexOf("--shows");
const SHOWS = showsFlag > 0 ? Number(process.argv[showsFlag + 1]) : 200;

/** Simulated voters so far: every POST in the run (warm-ups too) is a new phone and e-mail. */
let voters = 0;

type Run = {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** The machine's 1-minute load average when the run ended (it is shared). */
  load: number;
  /** CPU time per answered request of the server measured (the app, or the bare one), in µs. */
  serverCpuUs: number | null;
  /** CPU time per request of the load tool (this process), in µs. */
  loadCpuUs: number;
};

async function main() {
  if (!args.has("--skip-build")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("build failed");
  }
  if (args.has("--images")) return writeImageResults(await runImageBench({ lighthouse: !QUICK }));
  if (args.has("--weight")) return writeWeightResults(await runWeightBench());
  if (args.has("--growth")) {
    const labelFlag = process.argv.indexOf("--label");
    return runGrowth(labelFlag > 0 ? process.argv[labelFlag + 1] : "latest");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-bench-"));
  const dbPath = path.join(dir, "bench.db");
  const seeded = seedBenchData(dbPath);
  if (args.has("--tickets")) {
    try {
      const lines = await runTicketBench({ dbPath, dir, seeded, measure, quick: QUICK });
      await writeMarkdown(
        "bench/tickets.md",
        [
          `What a ticket check costs (issue 41): \`npm run bench -- --tickets${QUICK ? " --quick" : ""}\`, ${new Date().toISOString()}, ${os.cpus().length} cores (shared).`,
          "",
          ...lines.map((l) => `- ${l}`),
          "",
        ].join("\n"),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  if (args.has("--profile")) {
    const labelFlag = process.argv.indexOf("--label");
    const label = labelFlag > 0 ? process.argv[labelFlag + 1] : "latest";
    try {
      await runProfile({
        dbPath,
        dir,
        label,
        duration: DURATION,
        warmup: WARMUP,
        measure: (t, c, d, origin) => measure(t, c, d, seeded, origin),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return;
  }

  const server = await startLoadServer(dbPath, dir, {
    env: {
      // Each simulated voter gets its own client address through the trusted proxy header,
      // as phones behind Fly's proxy do; the room-sharing-one-IP case is scripts/load-votes.ts.
      TRUST_PROXY: "true",
      // Production logging: one line per request.
      LOG_LEVEL: "info",
      // The RSS part reads the V8 heap's figures from /metrics.
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    },
  });
  const origin = server.base;
  if (args.has("--room")) {
    // Only the room part (issue 37): the room behind one address and the projector's latency.
    try {
      const room = await benchRoom(origin, dbPath);
      fs.mkdirSync("bench", { recursive: true });
      fs.writeFileSync(
        "bench/room.json",
        JSON.stringify({ date: new Date().toISOString(), ...room }, null, 2) + "\n",
      );
      const md = renderRoom(room.runs, room.median);
      await writeMarkdown("bench/room.md", md + "\n");
      console.log(`\n${md}`);
    } finally {
      await stopServer(server);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const memoryAtStart = memoryMiB(server.child.pid);
  if (RSS_ONLY)
    console.log(await memoryReport(server.child.pid, origin, { atStart: memoryAtStart, afterLoad: null }, 0));
  const bare = await startBareServer(`${origin}/`, dir).catch(async (error) => {
    await stopServer(server);
    throw error;
  });
  try {
    const targets: Target[] = [
      { name: "bare node:http (limit)", url: bare.url, pid: bare.pid },
      { name: "/", url: `${origin}/` },
      { name: "/calendar", url: `${origin}/calendar` },
      { name: "/event/{id}", url: `${origin}/event/${seeded.eventId}` },
      { name: "/show/{slug}", url: `${origin}/show/${seeded.slug}` },
      // Each visitor its own address behind the proxy, as phones are (issue 37: one address's new
      // phones are budgeted per round; the one-address room is the room part below).
      { name: "/vote (GET)", url: `${origin}/vote`, perVisitorAddress: true },
      { name: "/vote (POST)", url: `${origin}/vote`, vote: true },
      { name: "/healthcheck", url: `${origin}/healthcheck` },
    ];
    // An uncached Remix render (the booking gate's page): every staff page and refused form is
    // one. Measured after the server's memory is read, so the RSS figure stays the same load's.
    const uncached: Target = { name: "/booking (uncached render)", url: `${origin}/booking` };
    /** Every measured run, each round's. */
    const rounds: (Run & { round: number })[] = [];
    /** A warm-up, then the measured run, kept and printed. */
    const run = async (t: (typeof targets)[number], connections: number, round: number) => {
      const pid = t.pid ?? server.child.pid;
      // The run before may have left requests queued in the server (a page rendered per request
      // answers a few dozen a second at 50 connections): they finish before this target starts.
      const settleMs = await settled(server.child.pid);
      await measure(t, connections, WARMUP, seeded, origin, pid);
      const r = await measure(t, connections, DURATION, seeded, origin, pid);
      rounds.push({ ...r, round });
      console.log(
        `${t.name.padEnd(24)} c=${connections}  ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors + r.non2xx}  CPU µs/req server ${r.serverCpuUs} load tool ${r.loadCpuUs}  load ${r.load}  (round ${round}; waited ${settleMs} ms for the server to be idle)`,
      );
    };
    for (let round = 1; round <= ROUNDS; round++)
      for (const connections of [10, 50]) for (const t of targets) await run(t, connections, round);
    const rssMb = rssMiB(server.child.pid) ?? 0;
    const memory = { atStart: memoryAtStart, afterLoad: memoryMiB(server.child.pid) };
    if (RSS_ONLY) {
      console.log(`\n${await memoryReport(server.child.pid, origin, memory, countVotes(dbPath))}`);
      return;
    }
    for (let round = 1; round <= ROUNDS; round++)
      for (const connections of [10, 50]) await run(uncached, connections, round);
    const runs = [...targets, uncached].flatMap((t) => [10, 50].map((c) => medianRound(rounds, t.name, c)));
    const room = await benchRoom(origin, dbPath);
    const storedVotes = countVotes(dbPath);
    const weights = await firstVisitWeights(
      origin,
      ["/", "/calendar", `/event/${seeded.eventId}`, `/show/${seeded.slug}`, "/vote"],
      { executablePath: CHROMIUM },
    );
    const lighthouse =
      QUICK || LOAD_ONLY
        ? []
        : await runLighthouse(origin, ["/", `/event/${seeded.eventId}`, "/calendar", "/vote"]);

    const results = {
      date: new Date().toISOString(),
      machine: { cores: os.cpus().length, node: process.version, cpu: os.cpus()[0]?.model },
      durationSeconds: DURATION,
      rounds: ROUNDS,
      runs,
      allRounds: rounds,
      storedVotes,
      rssMb,
      memory,
      weights,
      lighthouse,
      room,
    };
    fs.mkdirSync("bench", { recursive: true });
    fs.writeFileSync("bench/results.json", JSON.stringify(results, null, 2) + "\n");
    const md = renderMarkdown(results);
    await writeMarkdown("bench/results.md", md);
    await updateReadmeBlock("bench", md);
    console.log("\n" + md);
  } finally {
    await bare.close();
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!LOAD_ONLY) await writeImageResults(await runImageBench({ lighthouse: !QUICK }));
}

async function writeImageResults(results: ImageBench) {
  fs.mkdirSync("bench", { recursive: true });
  fs.writeFileSync(
    "bench/images.json",
    JSON.stringify({ date: new Date().toISOString(), ...results }, null, 2) + "\n",
  );
  const md = renderImageMarkdown(results);
  await writeMarkdown("bench/images.md", md);
  await updateReadmeBlock("bench-images", md);
  console.log("\n" + md);
}

export function seedBenchData(file: string) {
  const database = openDatabase(file);
  runMigrations(database);
  const today = todayIn();
  const venues = [
    "Tipsy Toucan",
    "Mastronardi Estate Winery",
    "Wolfhead Distillery",
    "The Manchester Pub",
    "Walkerville Brewery",
    "Colasanti's Tropical Gardens",
  ];
  let eventId = 0;
  let slug = "";
  database.transaction((tx) => {
    for (let i = 0; i < SHOWS; i++) {
      const date = addDaysIso(today, 1 + (i % 120));
      const row = tx
        .insert(events)
        .values({
          title: `Bench Comedy Night ${i + 1} with Friends`,
          description: `A night of stand-up number ${i + 1}. Doors open one hour before showtime.`,
          date,
          time: i % 2 ? "19:30" : "21:00",
          venue: venues[i % venues.length],
          imageUrl: "/images/shows/club-night.svg",
          ticketUrl: `https://www.eventbrite.ca/e/bench-comedy-night-tickets-${800000000000 + i}`,
          price: `$${20 + (i % 5) * 5}`,
          soldOut: i % 17 === 0,
          source: i % 3 === 0 ? "eventbrite" : "manual",
        })
        .returning({ id: events.id, title: events.title, date: events.date })
        .get();
      if (i < 30) {
        for (let k = 0; k < 6; k++) {
          tx.insert(eventDates)
            .values({ eventId: row.id, date: addDaysIso(date, 7 * k), position: k })
            .run();
        }
      }
      if (i === 40) {
        eventId = row.id;
        slug = showSlug({ title: row.title, date: row.date });
      }
    }
    const ids = Array.from(
      { length: 40 },
      (_, i) =>
        tx
          .insert(comedians)
          .values({ name: `Comic ${i + 1}`, bio: `Bio of comic ${i + 1}` })
          .returning({ id: comedians.id })
          .get().id,
    );
    const round = tx
      .insert(votingRounds)
      .values({ title: "2 Minutes to Kill - Vote For Your Favorite", openedAt: new Date() })
      .returning()
      .get();
    for (const id of ids) tx.insert(roundComedians).values({ roundId: round.id, comedianId: id }).run();
  });
  const round = database.select().from(votingRounds).get()!;
  const comedianIds = database
    .select({ id: roundComedians.comedianId })
    .from(roundComedians)
    .where(eq(roundComedians.roundId, round.id))
    .all()
    .map((r) => r.id);
  database.$client.close();
  return { eventId, slug, roundId: round.id, comedianIds };
}

/** A load target; `pid` is the process answering it when it is not the app (the bare server). */
type Target = { name: string; url: string; vote?: boolean; perVisitorAddress?: boolean; pid?: number };

async function measure(
  target: Target,
  connections: number,
  duration: number,
  seeded: ReturnType<typeof seedBenchData>,
  origin: string,
  /** The process answering: its CPU time per request is reported. */
  pid?: number,
): Promise<Run> {
  // Like a browser: ask for compressed pages (every browser sends Accept-Encoding).
  const options: autocannon.Options = {
    url: target.url,
    connections,
    duration,
    headers: { "accept-encoding": "br, gzip" },
  };
  if (target.perVisitorAddress) {
    let n = 0;
    options.requests = [
      {
        method: "GET",
        setupRequest: (req) => {
          n++;
          return {
            ...req,
            headers: {
              ...req.headers,
              "fly-client-ip": `10.${128 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`,
            },
          };
        },
      },
    ];
  }
  if (target.vote) {
    options.requests = [
      {
        method: "POST",
        setupRequest: (req) => {
          const n = ++voters;
          // Shaped as a room's votes are: the token and the device id as the app mints them
          // (time-ordered), the e-mails in no order at all.
          const email = `${crypto.randomBytes(8).toString("hex")}@example.com`;
          const body = new URLSearchParams(
            formFields(FORMS.vote, {
              roundId: seeded.roundId,
              comedianId: seeded.comedianIds[n % seeded.comedianIds.length],
              email,
              voteToken: newVoteToken(),
            }),
          );
          return {
            ...req,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              origin,
              "fly-client-ip": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              // Each simulated voter is its own phone (a vote needs the device cookie /vote issues).
              cookie: deviceCookieFor(),
            },
            body: body.toString(),
          };
        },
      },
    ];
  }
  const serverBefore = cpuMicros(pid);
  const loadBefore = process.cpuUsage();
  const result = await autocannon(options);
  const loadCpu = process.cpuUsage(loadBefore);
  const serverAfter = cpuMicros(pid);
  const perRequest = (us: number) => Math.round(us / Math.max(1, result.requests.total));
  return {
    name: target.name,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    // Vote POSTs answer with a redirect (post/redirect/get): 3xx counts as success.
    non2xx: target.vote ? result.non2xx - (result["3xx"] ?? 0) : result.non2xx,
    total: result.requests.total,
    load: Math.round(os.loadavg()[0] * 10) / 10,
    serverCpuUs:
      serverBefore === null || serverAfter === null ? null : perRequest(serverAfter - serverBefore),
    loadCpuUs: perRequest(loadCpu.user + loadCpu.system),
  };
}

/**
 * The limit: a bare node:http server in its own process (scripts/lib/bare-server.mjs), so it
 * shares a process with neither the load tool (this process) nor the app (another child). It
 * answers with the exact bytes and headers the app sent for `url` to a browser (brotli body,
 * CSP, Cache-Control...): the same response, without the framework.
 */
async function startBareServer(url: string, dir: string) {
  const raw = await new Promise<{ status: number; headers: [string, string][]; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const headers: [string, string][] = [];
            for (let i = 0; i < res.rawHeaders.length; i += 2)
              headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
            resolve({ status: res.statusCode ?? 200, headers, body: Buffer.concat(chunks) });
          });
        })
        .on("error", reject);
    },
  );
  const responseFile = path.join(dir, "bare-response.json");
  const bodyFile = path.join(dir, "bare-body.bin");
  fs.writeFileSync(responseFile, JSON.stringify({ status: raw.status, headers: raw.headers }));
  fs.writeFileSync(bodyFile, raw.body);
  const child = spawn(process.execPath, ["scripts/lib/bare-server.mjs", responseFile, bodyFile], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("\n")) resolve(Number(out.trim()));
    });
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    bytes: raw.body.length,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
    pid: child.pid,
  };
}

async function runLighthouse(origin: string, paths: string[]) {
  if (!fs.existsSync(CHROMIUM)) return [{ error: `no chromium at ${CHROMIUM}` }];
  const results = [];
  for (const p of paths) {
    const lhr = await lighthouseRun(origin + p);
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    results.push({
      path: p,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
      cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id)
        .slice(0, 12),
    });
  }
  return results;
}

/**
 * Where the server's resident memory is after the load: the kernel's split (/proc), V8's heap
 * and what V8 counts outside it (/metrics, prom-client's process figures), and the rest of the
 * anonymous memory (malloc's: SQLite's page cache, libuv, zlib, the worker's isolate).
 */
async function memoryReport(
  pid: number | undefined,
  origin: string,
  memory: { atStart: MemoryMiB | null; afterLoad: MemoryMiB | null },
  votes: number,
) {
  const res = await fetch(`${origin}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  const text = await res.text();
  const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  const metric = (name: string) => {
    const m = new RegExp(`^${name} (\\S+)`, "m").exec(text);
    return m ? mib(Number(m[1])) : null;
  };
  const spaces = [...text.matchAll(/^nodejs_heap_space_size_(total|used)_bytes\{space="(\w+)"\} (\S+)/gm)]
    .filter((m) => Number(m[3]) > 512 * 1024)
    .map((m) => `${m[2]} ${m[1]} ${mib(Number(m[3]))}`);
  const smaps = pid ? fs.readFileSync(`/proc/${pid}/smaps`, "utf8") : "";
  const regions: { name: string; rss: number }[] = [];
  let current: { name: string; rss: number } | null = null;
  for (const line of smaps.split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) regions.push((current = { name: head[1] || "[anon]", rss: 0 }));
    else if (current && line.startsWith("Rss:")) current.rss = Number(line.split(/\s+/)[1]);
  }
  const byName = new Map<string, number>();
  for (const r of regions) byName.set(r.name, (byName.get(r.name) ?? 0) + r.rss);
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 8);
  const split = (m: MemoryMiB | null) => (m ? `${m.rss} MB (anon ${m.anon}, file ${m.file})` : "n/a");
  return [
    `votes stored ${votes}; RSS at start ${split(memory.atStart)}; after the load ${split(memory.afterLoad)}`,
    `V8: heap used ${metric("nodejs_heap_size_used_bytes")} MB of ${metric("nodejs_heap_size_total_bytes")} MB; external ${metric("nodejs_external_memory_bytes")} MB; process_resident ${metric("process_resident_memory_bytes")} MB`,
    `V8 spaces: ${spaces.join(", ")}`,
    // [heap] is malloc's main arena; [anon] holds V8's heap, the other arena, thread stacks.
    `mappings by RSS (MB): ${top.map(([n, kb]) => `${n} ${Math.round(kb / 102.4) / 10}`).join(", ")}`,
  ].join("\n");
}

function countVotes(file: string) {
  const database = openDatabase(file);
  const n = (database.$client.prepare("select count(*) n from votes").get() as { n: number }).n;
  database.$client.close();
  return n;
}

function renderMarkdown(r: {
  date: string;
  machine: { cores: number; node: string; cpu?: string };
  durationSeconds: number;
  rounds: number;
  runs: Run[];
  storedVotes: number;
  rssMb: number;
  memory?: { atStart: MemoryMiB | null; afterLoad: MemoryMiB | null };
  weights: PageWeight[];
  lighthouse: Awaited<ReturnType<typeof runLighthouse>>;
  room?: { runs: RoomRun[]; median: RoomRun };
}) {
  const lines: string[] = [];
  lines.push(
    `Measured ${r.date.slice(0, 16).replace("T", " ")} UTC on ${r.machine.cores} cores (${r.machine.cpu ?? "cpu"}), Node ${r.machine.node}; ${r.durationSeconds} s per run after a warm-up, loopback; each row is the median of ${r.rounds} interleaved rounds (bench/results.json has them all). The CPU columns are per answered request: the answering process's (/proc) and the load tool's (autocannon, in the bench's process); when the load tool spends more per request than the server, the load tool is the limit.`,
    "",
  );
  lines.push(
    "| target | conns | req/s | ratio to bare | p50 ms | p99 ms | errors | server CPU µs/req | load tool CPU µs/req | load avg |",
    "|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const c of [10, 50]) {
    const bare = r.runs.find((x) => x.connections === c && x.name.startsWith("bare"))!;
    for (const run of r.runs.filter((x) => x.connections === c)) {
      const ratio = run === bare ? "1.00" : (run.rps / bare.rps).toFixed(2);
      lines.push(
        `| ${run.name} | ${c} | ${run.rps.toFixed(0)} | ${ratio} | ${run.p50} | ${run.p99} | ${run.errors + run.non2xx} | ${run.serverCpuUs ?? "n/a"} | ${run.loadCpuUs ?? "n/a"} | ${run.load} |`,
      );
    }
  }
  lines.push(
    "",
    `Votes stored during the run: ${r.storedVotes}. Server RSS after the load: ${r.rssMb} MB (read before the uncached render runs).`,
    "",
  );
  const split = (m: MemoryMiB | null | undefined) =>
    m ? `${m.rss} MB (anon ${m.anon} MB, file-backed ${m.file} MB)` : "not measured";
  if (r.memory)
    lines.push(
      `Server memory (/proc status): at start ${split(r.memory.atStart)}; after the load ${split(r.memory.afterLoad)}.`,
      "",
    );
  if (r.room) lines.push(renderRoom(r.room.runs, r.room.median), "");
  lines.push(renderWeights(r.weights));
  if (r.lighthouse.length) {
    lines.push(
      "",
      "| Lighthouse (mobile) | perf | a11y | best practices | SEO | LCP ms | TBT ms | CLS |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const l of r.lighthouse as {
      path: string;
      performance: number;
      accessibility: number;
      bestPractices: number;
      seo: number;
      lcpMs: number;
      tbtMs: number;
      cls: number;
    }[]) {
      lines.push(
        `| ${l.path} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} |`,
      );
    }
  }
  return lines.join("\n") + "\n";
}

/**
 * Issue 37: a room of phones behind one address votes (scripts/lib/room-bench.ts): 1,000 phones
 * over 45 s, three runs (`--quick`: 200 phones, one run). Each run its own round and
 * its own address; the median run by time is reported, with every run.
 */
async function benchRoom(origin: string, dbPath: string) {
  const phones = QUICK ? 200 : 1000;
  const runs: RoomRun[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const r = await runRoom(origin, dbPath, {
      phones,
      arrivalSeconds: 45,
      address: `203.0.113.${100 + i}`,
      tag: `${i}-${Date.now().toString(36)}`,
    });
    runs.push(r);
    console.log(
      `room of ${r.phones} phones behind one address: all voted in ${r.seconds.toFixed(1)} s, ${r.acknowledged} acknowledged, ${r.falseRefusals} false refusals, ${r.doorWaits} waited at the door; POST p99 ${r.postP99.toFixed(0)} ms; to the projector p95 ${r.reachP95.toFixed(0)} ms  (run ${i})`,
    );
  }
  return { runs, median: medianBy(runs, (r) => r.seconds) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
