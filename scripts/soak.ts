/**
 * npm run soak -- [--minutes 10] [--concurrency 8] [--rps 0] [--votes-per-minute 120] [--json out.json]
 *
 * Mixed browsing (/, /calendar, /event/{id}, /show/{slug}, /vote, /club-shows) and voting
 * (each vote from a new phone: its own device cookie and e-mail) against the production
 * build on loopback, for N minutes, with bounded concurrency. Reports per minute: requests,
 * errors, p50/p99 latency and the server's resident memory (VmRSS from /proc); then the
 * error count, the p99 drift (first minute vs last) and the RSS growth. At the end it checks
 * every acknowledged vote is stored. Expects a build; loopback only; own temporary database.
 *
 * Votes are paced (default 120 a minute) because a whole room shares one IP and the vote
 * budget per IP is 2000 per 10 minutes: the soak measures the site, not the rate limiter.
 */
import fs from "node:fs";
import os from "node:os";
import { and, eq, gte, isNull } from "drizzle-orm";
import { events, roundComedians, votes, votingRounds } from "~/db/schema";
import { todayIn } from "~/lib/dates";
import { showPath } from "~/lib/slug";
import { openDatabase } from "~/utils/db.server";
import { tempDatabase } from "../tests/support/db";
import { startLoadServer, stopServer } from "../tests/support/server";
import { loadBallot, postVote, type Voter } from "../tests/support/voters";
import { percentile, requireBuild, rssMiB } from "./lib/harness";
import { seedDemoData } from "./seeds/demo";

function flag(name: string, fallback: number) {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}
const MINUTES = flag("minutes", 10);
const CONCURRENCY = flag("concurrency", 8);
const VOTES_PER_MINUTE = flag("votes-per-minute", 120);
/** Browsing requests per second in all (0: as fast as the workers go). */
const RPS = process.argv.includes("--rps") ? flag("rps", 1) : 0;
const jsonIndex = process.argv.indexOf("--json");
const JSON_OUT = jsonIndex >= 0 ? process.argv[jsonIndex + 1] : null;

requireBuild();
const today = todayIn();
const setup = tempDatabase("soak", (database) => {
  seedDemoData(database, today);
  const upcoming = database
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(and(isNull(events.archivedAt), gte(events.date, today)))
    .all();
  const round = database.select().from(votingRounds).where(isNull(votingRounds.closedAt)).get();
  if (!round) throw new Error("the demo seed has no open voting round");
  const comedianIds = database
    .select({ id: roundComedians.comedianId })
    .from(roundComedians)
    .where(eq(roundComedians.roundId, round.id))
    .all()
    .map((r) => r.id);
  const pages = ["/", "/calendar", "/club-shows", `/vote?round=${round.id}`];
  for (const show of upcoming) {
    pages.push(`/event/${show.id}`);
    const path = showPath(show);
    if (path.startsWith("/show/")) pages.push(path);
  }
  return { roundId: round.id, comedianIds, pages, shows: upcoming.length };
});

type Minute = { requests: number; errors: number; latencies: number[]; rss: number | null; load: number };
const minutes: Minute[] = [];
const errorSamples: string[] = [];
const bucket = (start: number) => {
  const m = Math.max(0, Math.min(Math.ceil(MINUTES) - 1, Math.floor((performance.now() - start) / 60_000)));
  while (minutes.length <= m) minutes.push({ requests: 0, errors: 0, latencies: [], rss: null, load: 0 });
  return minutes[m];
};

const server = await startLoadServer(setup.file, setup.dir);
const pid = server.child.pid;
/** How the server process ended, if it did during the soak (it never should). */
let serverExit: { code: number | null; signal: string | null; minute: number } | null = null;
server.child.once("exit", (code, signal) => {
  if (stop) return;
  serverExit = { code, signal, minute: Math.floor((performance.now() - started) / 60_000) + 1 };
  console.error(
    `the server exited during the soak: code ${code}, signal ${signal}, minute ${serverExit.minute}; log ${server.log}`,
  );
  stop = true; // no point loading a dead server: the soak fails
});
const rssStart = rssMiB(pid);
const loadStart = os.loadavg()[0];
console.log(
  `soak: ${MINUTES} min, ${CONCURRENCY} browsing workers${RPS ? ` paced to ${RPS} req/s` : ""}, ${VOTES_PER_MINUTE} votes/min, ${setup.data.pages.length} pages (${setup.data.shows} upcoming shows), server pid ${pid}, RSS ${rssStart} MiB, load ${loadStart.toFixed(2)}`,
);

const started = performance.now();
const deadline = started + MINUTES * 60_000;
let stop = false;

async function timed(task: () => Promise<boolean>, label: string) {
  const t0 = performance.now();
  let ok = false;
  try {
    ok = await task();
  } catch (error) {
    if (errorSamples.length < 20) errorSamples.push(`${label}: ${(error as Error).message}`);
  }
  const m = bucket(started);
  m.requests++;
  m.latencies.push(performance.now() - t0);
  if (!ok) {
    m.errors++;
    if (errorSamples.length < 20) errorSamples.push(`${label}: failed`);
  }
}

async function browser(worker: number) {
  let n = worker;
  const gap = RPS ? (1000 * CONCURRENCY) / RPS : 0;
  let slot = started + (gap * worker) / CONCURRENCY;
  while (!stop && performance.now() < deadline) {
    if (gap) {
      slot += gap;
      if (performance.now() < slot) await new Promise((r) => setTimeout(r, slot - performance.now()));
      if (stop || performance.now() >= deadline) break;
    }
    const page = setup.data.pages[(n * 7919) % setup.data.pages.length];
    n++;
    await timed(async () => {
      const res = await fetch(`${server.base}${page}`);
      await res.arrayBuffer();
      return res.status === 200;
    }, `GET ${page}`);
  }
}

const ackedVoters: Voter[] = [];
async function voterLoop() {
  const gap = 60_000 / VOTES_PER_MINUTE;
  let n = 0;
  while (!stop && performance.now() < deadline) {
    const due = started + n * gap;
    if (performance.now() < due) await new Promise((r) => setTimeout(r, due - performance.now()));
    const voter: Voter = {
      n,
      email: `soak-${n}@example.com`,
      comedianId: setup.data.comedianIds[n % setup.data.comedianIds.length],
      viaForm: n % 3 === 0,
      duplicate: "none",
      acked: false,
    };
    n++;
    await timed(async () => {
      await loadBallot(server.base, setup.data.roundId, voter);
      return true;
    }, "GET /vote (ballot)");
    if (!voter.token) continue;
    const latencies: number[] = [];
    await timed(async () => {
      voter.acked = await postVote(server.base, setup.data.roundId, voter, latencies);
      if (voter.acked) ackedVoters.push(voter);
      else if (voter.refused && errorSamples.length < 20)
        errorSamples.push(`vote ${voter.email}: ${voter.refused}`);
      return voter.acked;
    }, "POST vote");
  }
}

// Memory and load once a minute (and at the end).
let sampled = 0;
const sampler = setInterval(() => {
  const i = sampled++; // the minute that just ended
  while (minutes.length <= i) minutes.push({ requests: 0, errors: 0, latencies: [], rss: null, load: 0 });
  const m = minutes[i];
  m.rss = rssMiB(pid);
  m.load = os.loadavg()[0];
  console.log(
    `minute ${i + 1}: ${m.requests} requests, ${m.errors} errors, p50 ${percentile(m.latencies, 50).toFixed(1)} ms, p99 ${percentile(m.latencies, 99).toFixed(1)} ms, RSS ${m.rss} MiB, load ${m.load.toFixed(2)}`,
  );
}, 60_000);

const guard = setTimeout(() => (stop = true), MINUTES * 60_000 + 5_000);
await Promise.all([...Array.from({ length: CONCURRENCY }, (_, w) => browser(w)), voterLoop()]);
clearInterval(sampler);
clearTimeout(guard);
const last = minutes[minutes.length - 1];
if (last.rss === null) {
  last.rss = rssMiB(pid);
  last.load = os.loadavg()[0];
}
const rssEnd = rssMiB(pid);
stop = true;
await stopServer(server);

// Every acknowledged vote is stored (the soak is also a long write test).
const database = openDatabase(setup.file);
const stored = new Set(
  database
    .select({ email: votes.email })
    .from(votes)
    .where(eq(votes.roundId, setup.data.roundId))
    .all()
    .map((r) => r.email),
);
const integrity = String(database.$client.pragma("integrity_check", { simple: true }));
database.$client.close();
const lostVotes = ackedVoters.filter((v) => !stored.has(v.email)).length;

const total = minutes.reduce((s, m) => s + m.requests, 0);
const errors = minutes.reduce((s, m) => s + m.errors, 0);
const p99First = percentile(minutes[0].latencies, 99);
const p99Last = percentile(last.latencies, 99);
const summary = {
  minutes: MINUTES,
  concurrency: CONCURRENCY,
  browsingRequestsPerSecond: RPS || "unpaced",
  votesPerMinute: VOTES_PER_MINUTE,
  requests: total,
  errors,
  votesAcknowledged: ackedVoters.length,
  votesLost: lostVotes,
  integrity,
  serverExit,
  p99FirstMinuteMs: Math.round(p99First * 10) / 10,
  p99LastMinuteMs: Math.round(p99Last * 10) / 10,
  p99DriftPercent: p99First ? Math.round(((p99Last - p99First) / p99First) * 1000) / 10 : null,
  rssStartMiB: rssStart,
  rssEndMiB: rssEnd,
  rssGrowthMiB: rssStart !== null && rssEnd !== null ? Math.round((rssEnd - rssStart) * 10) / 10 : null,
  /** Growth once warm (after the first minute): the figure that would show a leak. */
  rssGrowthAfterFirstMinuteMiB:
    minutes.length > 1 && minutes[0].rss !== null && rssEnd !== null
      ? Math.round((rssEnd - minutes[0].rss) * 10) / 10
      : null,
  loadAverageStart: Math.round(loadStart * 100) / 100,
  loadAverageEnd: Math.round(os.loadavg()[0] * 100) / 100,
  cores: os.cpus().length,
  perMinute: minutes.map((m, i) => ({
    minute: i + 1,
    requests: m.requests,
    errors: m.errors,
    p50Ms: Math.round(percentile(m.latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(m.latencies, 99) * 10) / 10,
    rssMiB: m.rss,
    load: Math.round(m.load * 100) / 100,
  })),
};

console.log("\n| minute | requests | errors | p50 ms | p99 ms | RSS MiB | load |");
console.log("|--------|----------|--------|--------|--------|---------|------|");
for (const m of summary.perMinute)
  console.log(
    `| ${m.minute} | ${m.requests} | ${m.errors} | ${m.p50Ms} | ${m.p99Ms} | ${m.rssMiB} | ${m.load} |`,
  );
console.log(
  `\nrequests ${total} (${Math.round(total / (MINUTES * 60))}/s), errors ${errors}; votes acknowledged ${ackedVoters.length}, lost ${lostVotes}; integrity_check ${integrity}`,
);
console.log(
  `p99 first minute ${summary.p99FirstMinuteMs} ms, last minute ${summary.p99LastMinuteMs} ms (drift ${summary.p99DriftPercent}%)`,
);
console.log(
  `RSS ${rssStart} MiB -> ${rssEnd} MiB (growth ${summary.rssGrowthMiB} MiB, ${summary.rssGrowthAfterFirstMinuteMiB ?? "n/a"} MiB after the first minute); load average ${summary.loadAverageStart} -> ${summary.loadAverageEnd} on ${summary.cores} cores`,
);
if (serverExit)
  console.log(`SERVER DIED during the soak: ${JSON.stringify(serverExit)} (log kept in ${setup.dir})`);
if (errorSamples.length) console.log(`first errors:\n  ${errorSamples.join("\n  ")}`);
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(summary, null, 2));
if (!process.env.KEEP_LOAD_DB && !serverExit) fs.rmSync(setup.dir, { recursive: true, force: true });
process.exit(serverExit || errors || lostVotes || integrity !== "ok" ? 1 : 0);
