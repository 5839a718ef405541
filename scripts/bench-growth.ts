/**
 * `npm run bench -- --growth`: how cost grows with the data (issue 20). Loopback only, bounded.
 *
 * Shows: temp databases with 200 / 2,000 / 20,000 upcoming shows (one in six recurring, six
 * weekly dates each), the production build started on each; `/`, `/calendar`, `/sitemap.xml`,
 * `/calendar.ics` and the staff dashboard `/admin`, each rendered uncached (a `__session`
 * cookie keeps the page cache out; staff pages are never cached): median time of 3 and bytes.
 *
 * Votes: one open round of 40 comedians with 1,000 / 100,000 / 1,000,000 votes: `/results`
 * (behind its gate) rendered uncached, and the live stream's fan-out to 500 listeners, in this
 * process on the same database: 500 subscribers to the vote notification each doing what a
 * /results/stream does on a vote (wait the coalescing 200 ms, read the standings, build the
 * event), timed from the notification to the last listener's event. "per stream" is the old
 * stream code (each stream reads the standings), "shared" the current one
 * (app/features/voting/live-standings.server.ts). The HTTP server itself caps open streams at
 * 150 (issue 13), so 500 listeners are only possible in-process.
 *
 * Budgets: a rate-limit budget's store (app/utils/rate-limit.server.ts) after 1,000 / 5,000 (its
 * cap) / 100,000 distinct voters, and the µs a call for a new voter then costs (a vote post makes
 * three such calls). Past the cap every call forgets the oldest key.
 *
 * The vote store: µs a vote costs after 10,000 / 100,000 votes, with vote tokens and device ids
 * random or time-ordered (app/utils/random.server.ts says why they are time-ordered).
 *
 * Flags: --shows-sizes 200,2000,20000, --vote-sizes 1000,100000,1000000, --budget-sizes
 * 1000,5000,100000 and --store-sizes 10000,100000 (smaller ones on a busy machine; `none` skips a part). Writes bench/growth.md (and bench/growth-LABEL.md with --label LABEL).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { standingsEvent } from "~/features/voting/live-standings.server";
import { COALESCE_MS } from "~/features/voting/results-stream.server";
import { addDaysIso, todayIn } from "~/lib/dates";
import { roundDisplay } from "~/models/round-control.server";
import { getRound } from "~/models/rounds.server";
import { queueVote } from "~/models/votes.server";
import { openDatabase, runMigrations, type DB } from "~/utils/db.server";
import { newRandomToken, newTimeOrderedToken } from "~/utils/random.server";
import { LeanMemoryStorage } from "~/utils/rate-limit.server";
import { notifyRoundChanged, onRoundChanged } from "~/utils/vote-events.server";
import { startWalCheckpointer } from "~/utils/wal-checkpointer.server";
import { LOAD_ENV, staffOf } from "../tests/support/env";
import { startLoadServer, stopServer } from "../tests/support/server";
import { cookieHeader, loginStaff } from "../tests/support/staff";
import { writeMarkdown } from "./lib/harness";

const LISTENERS = 500;
/** A page slower than this is reported as "> 30 s" (and the run goes on). */
const TIMEOUT_MS = 30_000;

/** `--shows-sizes 200,2000` (or `none` to skip that part). */
function flag(name: string, fallback: number[]) {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  return process.argv[i + 1] === "none"
    ? []
    : process.argv[i + 1]
        .split(",")
        .map(Number)
        .filter((n) => n > 0);
}

/** The machine's load average (1, 5, 15 min): the figures mean little without it. */
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

function seedShows(database: DB, shows: number) {
  const c = database.$client;
  const today = todayIn();
  const insertEvent = c.prepare(
    "insert into events (title, description, date, time, venue, image_url, ticket_url, price, sold_out, source) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertDate = c.prepare("insert into event_dates (event_id, date, position) values (?, ?, ?)");
  const venues = [
    "Tipsy Toucan",
    "Mastronardi Estate Winery",
    "Wolfhead Distillery",
    "The Manchester Pub",
    "Walkerville Brewery",
  ];
  c.transaction(() => {
    for (let i = 0; i < shows; i++) {
      const date = addDaysIso(today, 1 + (i % 300));
      const id = Number(
        insertEvent.run(
          `Growth Comedy Night ${i + 1}`,
          `A night of stand-up number ${i + 1}.`,
          date,
          i % 2 ? "19:30" : "21:00",
          venues[i % venues.length],
          "/images/shows/club-night.svg",
          `https://www.eventbrite.ca/e/growth-night-tickets-${900000000000 + i}`,
          `$${20 + (i % 5) * 5}`,
          i % 17 === 0 ? 1 : 0,
          i % 3 === 0 ? "eventbrite" : "manual",
        ).lastInsertRowid,
      );
      if (i % 6 === 0) for (let k = 0; k < 6; k++) insertDate.run(id, addDaysIso(date, 7 * k), k);
    }
  })();
}

/** Who a seeded vote is from: sequential by default; `storeVoteMicros` gives the app's shapes. */
type Identity = (i: number) => { email: string; token: string; device: string };
const sequential: Identity = (i) => ({
  email: `voter${i}@example.com`,
  token: `growth-token-${String(i).padStart(10, "0")}`,
  device: `growth-device-${i}`,
});

function seedVotes(database: DB, votes: number, identity: Identity = sequential) {
  const c = database.$client;
  const comedianIds = c.transaction(() =>
    Array.from({ length: 40 }, (_, i) =>
      Number(
        c.prepare("insert into comedians (name, bio) values (?, ?)").run(`Comic ${i + 1}`, `Bio ${i + 1}`)
          .lastInsertRowid,
      ),
    ),
  )();
  const roundId = Number(
    c.prepare("insert into voting_rounds (title, opened_at) values (?, ?)").run("Growth round", Date.now())
      .lastInsertRowid,
  );
  const link = c.prepare("insert into round_comedians (round_id, comedian_id) values (?, ?)");
  c.transaction(() => comedianIds.forEach((id) => link.run(roundId, id)))();
  const insert = c.prepare(
    "insert into votes (round_id, comedian_id, email, email_key, vote_token, ip_address, device_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const start = Date.now() - votes * 5;
  for (let done = 0; done < votes; done += 50_000) {
    c.transaction(() => {
      for (let i = done; i < Math.min(votes, done + 50_000); i++) {
        const { email, token, device } = identity(i);
        insert.run(
          roundId,
          comedianIds[(i * 7) % 40],
          email,
          email,
          token,
          `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          device,
          start + i * 5,
        );
      }
    })();
  }
  return { roundId, comedianIds };
}

async function timed(url: string, headers: Record<string, string>, runs = 3) {
  const times: number[] = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, {
        headers: { "accept-encoding": "identity", ...headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = Buffer.from(await res.arrayBuffer());
      bytes = body.length;
      status = res.status;
    } catch {
      return { ms: `> ${TIMEOUT_MS / 1000} s`, bytes: 0, status: 200 };
    }
    times.push(performance.now() - t0);
    // Bounded: one run is enough when a page takes over 5 s.
    if (times[0] > 5_000) break;
  }
  times.sort((a, b) => a - b);
  return { ms: String(Math.round(times[Math.floor(times.length / 2)])), bytes, status };
}

/** 500 listeners doing a stream's work on a vote; ms from the notification to the last event. */
async function fanOut(database: DB, roundId: number, mode: "per-stream" | "shared") {
  let done = 0;
  let last = 0;
  const finished = new Promise<void>((resolve) => {
    const unsubscribes = Array.from({ length: LISTENERS }, () =>
      onRoundChanged((changed) => {
        if (changed !== roundId) return;
        setTimeout(() => {
          if (mode === "shared") {
            void standingsEvent(roundId, database)?.text.length;
          } else {
            const round = getRound(roundId, database);
            if (round)
              void `event: display\ndata: ${JSON.stringify(roundDisplay(round, new Date(), database))}\n\n`
                .length;
          }
          last = performance.now();
          if (++done === LISTENERS) {
            unsubscribes.forEach((u) => u());
            resolve();
          }
        }, COALESCE_MS);
      }),
    );
  });
  const t0 = performance.now();
  notifyRoundChanged(roundId);
  await finished;
  return Math.round(last - t0);
}

/**
 * µs the vote store (queueVote, with the server's WAL checkpointer running) costs a vote once
 * `stored` votes are in the round: 5,000 new votes in batches of 50, as a busy turn of the
 * server's loop commits them, median of 3 runs. The e-mails are in no order, as a room's are;
 * the vote tokens and device ids are "random" (as the app minted them before the eleventh
 * session) or "time-ordered" (newTimeOrderedToken, as it mints them now).
 */
async function storeVoteMicros(stored: number, ids: "random" | "time-ordered") {
  const mint = (t: number) => (ids === "random" ? newRandomToken(16) : newTimeOrderedToken(16, t));
  const start = Date.now() - stored * 5;
  const shaped = (t: number) => {
    const email = `${newRandomToken(9)}@example.com`;
    return { email, token: mint(t), device: mint(t) };
  };
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-growth-"));
    const file = path.join(dir, "growth.db");
    const database = openDatabase(file);
    runMigrations(database);
    const { roundId, comedianIds } = seedVotes(database, stored, (i) => shaped(start + i * 5));
    const checkpointer = startWalCheckpointer(database, file);
    const t0 = process.hrtime.bigint();
    for (let n = 0; n < 5_000; n += 50) {
      const batch = Array.from({ length: 50 }, (_, k) => {
        const { email, token, device } = shaped(Date.now());
        return queueVote(
          {
            roundId,
            comedianId: comedianIds[(n + k) % 40],
            email,
            emailKey: email,
            voteToken: token,
            ipAddress: `10.9.${((n + k) >> 8) & 255}.${(n + k) & 255}`,
            deviceId: device,
          },
          database,
        );
      });
      for (const result of await Promise.all(batch))
        if (result.status !== "recorded") throw new Error(`vote store bench: ${result.status}`);
    }
    runs.push(Number(process.hrtime.bigint() - t0) / 5_000 / 1_000);
    await checkpointer?.stop();
    database.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return runs.sort((a, b) => a - b)[1].toFixed(1);
}

/** µs a budget call for a new voter costs once `keys` voters were counted: the median of 5 runs of 20,000 calls. */
function budgetCallMicros(keys: number) {
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const store = new LeanMemoryStorage();
    for (let i = 0; i < keys; i++) store.incrby(`voteDevice:growth-${i}`, 1, 600);
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 20_000; i++) store.incrby(`voteDevice:next-${i}`, 1, 600);
    runs.push(Number(process.hrtime.bigint() - t0) / 20_000 / 1_000);
  }
  return runs.sort((a, b) => a - b)[2].toFixed(2);
}

export async function runGrowth(label: string) {
  const showSizes = flag("--shows-sizes", [200, 2000, 20000]);
  const voteSizes = flag("--vote-sizes", [1000, 100_000, 1_000_000]);
  const budgetSizes = flag("--budget-sizes", [1000, 5000, 100_000]);
  const storeSizes = flag("--store-sizes", [10_000, 100_000]);
  const pages = ["/", "/calendar", "/sitemap.xml", "/calendar.ics", "/admin"];
  const lines: string[] = [];
  lines.push(`### Growth (${label}), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`, "");
  lines.push(
    `${showSizes.length ? "Uncached render, median of 3 (ms) and bytes (identity). " : ""}Load average at the start: ${loadAverage()} (1 / 5 / 15 min, ${os.cpus().length} cores).`,
    "",
  );
  if (showSizes.length)
    lines.push(
      `| shows | ${pages.map((p) => `${p} ms | ${p} bytes`).join(" | ")} | seed s | load (1 min) |`,
      `|---|${pages.map(() => "---|---").join("|")}|---|---|`,
    );
  for (const shows of showSizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-growth-"));
    const file = path.join(dir, "growth.db");
    const t0 = Date.now();
    const database = openDatabase(file);
    runMigrations(database);
    seedShows(database, shows);
    database.$client.close();
    const seedS = ((Date.now() - t0) / 1000).toFixed(1);
    const server = await startLoadServer(file, dir);
    try {
      const staff = await loginStaff(server.base, staffOf(LOAD_ENV));
      const cells: string[] = [];
      for (const p of pages) {
        const r = await timed(server.base + p, {
          cookie: p.startsWith("/admin") ? staff : "__session=growth-uncached",
        });
        cells.push(r.status === 200 ? `${r.ms} | ${r.bytes}` : `${r.status} | -`);
      }
      lines.push(`| ${shows} | ${cells.join(" | ")} | ${seedS} | ${loadAverage().split(" / ")[0]} |`);
      console.log(lines[lines.length - 1]);
    } finally {
      await stopServer(server);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (voteSizes.length)
    lines.push(
      "",
      `Votes in one open round of 40 comedians: /results (uncached, behind its gate) and the live stream's fan-out to ${LISTENERS} listeners (ms from a vote to the last listener's event, ${COALESCE_MS} ms of it the streams' coalescing wait).`,
      "",
      "| votes | /results ms | /results bytes | fan-out, per stream ms | fan-out, shared ms | seed s | load avg |",
      "|---|---|---|---|---|---|---|",
    );
  for (const votes of voteSizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-growth-"));
    const file = path.join(dir, "growth.db");
    const t0 = Date.now();
    const database = openDatabase(file);
    runMigrations(database);
    const { roundId } = seedVotes(database, votes);
    const seedS = ((Date.now() - t0) / 1000).toFixed(1);
    const server = await startLoadServer(file, dir);
    let results = "- | -";
    try {
      const gate = await fetch(`${server.base}/results`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ password: "load-results" }),
      });
      await gate.text();
      const r = await timed(`${server.base}/results`, { cookie: cookieHeader(gate) });
      results = r.status === 200 ? `${r.ms} | ${r.bytes}` : `${r.status} | -`;
    } finally {
      await stopServer(server);
    }
    // The server is stopped: the fan-out runs alone, in this process, on the same file.
    const perStream = await fanOut(database, roundId, "per-stream");
    const shared = await fanOut(database, roundId, "shared");
    database.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
    // The machine is shared: its 1-minute load average beside the figures.
    const load = os.loadavg()[0].toFixed(1);
    lines.push(`| ${votes} | ${results} | ${perStream} | ${shared} | ${seedS} | ${load} |`);
    console.log(lines[lines.length - 1]);
  }
  if (budgetSizes.length)
    lines.push(
      "",
      "A rate-limit budget's store: µs a call for a new voter costs after N distinct voters (median of 5 runs of 20,000 calls).",
      "",
      "| distinct voters before | µs a call |",
      "|---|---|",
      ...budgetSizes.map((keys) => `| ${keys} | ${budgetCallMicros(keys)} |`),
    );
  if (storeSizes.length) {
    lines.push(
      "",
      "The vote store: µs a vote costs (queueVote, batches of 50, median of 3 runs of 5,000 votes; e-mails in no order) after N votes, by the shape of the vote tokens and device ids.",
      "",
      "| votes before | random ids µs | time-ordered ids µs |",
      "|---|---|---|",
    );
    for (const stored of storeSizes) {
      lines.push(
        `| ${stored} | ${await storeVoteMicros(stored, "random")} | ${await storeVoteMicros(stored, "time-ordered")} |`,
      );
      console.log(lines[lines.length - 1]);
    }
  }
  const md = lines.join("\n") + "\n";
  fs.mkdirSync("bench", { recursive: true });
  await writeMarkdown(`bench/growth-${label}.md`, md);
  console.log("\n" + md);
}
