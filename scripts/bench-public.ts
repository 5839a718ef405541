/**
 * Benchmark of the public pages (not a test): seeds 500 shows into a temporary database,
 * starts the production build on a free loopback port and runs autocannon for a few seconds
 * against /, /calendar and /event/{id}, printing requests/s and p99 latency.
 *
 *   npm run build && npx tsx scripts/bench-public.ts [seconds-per-url=5] [connections=10]
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eventDates, events } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { openDatabase, runMigrations } from "~/utils/db.server";

const SHOWS = 500;
const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 10);
const VENUES = ["Tipsy Toucan", "Mastronardi Estate Winery", "Walkerville Brewery", "Wolfhead Distillery", "The Manchester Pub", "Colasanti's Tropical Gardens"];

function seed(file: string): number {
  const database = openDatabase(file);
  runMigrations(database);
  const today = todayIn();
  let firstId = 0;
  database.transaction((tx) => {
    for (let i = 0; i < SHOWS; i++) {
      const date = addDaysIso(today, i % 180);
      const row = tx
        .insert(events)
        .values({
          title: `Benchmark Show ${i} at ${VENUES[i % VENUES.length]}`,
          description: `Show number ${i}. ${"Stand-up comedy with a rotating line-up. ".repeat(6)}`,
          date,
          time: i % 2 ? "19:30" : "21:00",
          venue: VENUES[i % VENUES.length],
          imageUrl: "/images/shows/club-night.svg",
          ticketUrl: `https://www.eventbrite.ca/e/benchmark-show-${i}-tickets-${800000000000 + i}`,
          price: i % 7 === 0 ? null : `$${20 + (i % 5) * 5}`,
          soldOut: i % 11 === 0,
          source: i % 3 === 0 ? "eventbrite" : "manual",
        })
        .returning({ id: events.id })
        .get();
      if (i === 0) firstId = row.id;
      // Every tenth show is a weekly series of four dates.
      if (i % 10 === 0) {
        for (let w = 0; w < 4; w++) tx.insert(eventDates).values({ eventId: row.id, date: addDaysIso(date, w * 7), position: w }).run();
      }
    }
  });
  database.$client.close();
  return firstId;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function main() {
  if (!fs.existsSync("build/server.js")) throw new Error("Run `npm run build` first.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-bench-"));
  const file = path.join(dir, "app.db");
  const eventId = seed(file);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_PATH: file,
      SESSION_SECRET: "bench-session-secret-0123456789",
      BOOKING_PASSWORD: "bench",
      RESULTS_PASSWORD: "bench",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/healthcheck`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 150));
    }
    console.log(`${SHOWS} shows, ${connections} connections, ${seconds} s per URL, node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    console.log("| URL | requests/s (mean) | p99 latency (ms) | errors/non-2xx |");
    console.log("|---|---|---|---|");
    const urls = process.env.BENCH_URLS?.split(",") ?? ["/", "/calendar", `/event/${eventId}`];
    for (const url of urls) {
      const result = await autocannon({ url: `${base}${url}`, connections, duration: seconds });
      console.log(
        `| ${url} | ${result.requests.average.toFixed(0)} | ${result.latency.p99} | ${result.errors + result.non2xx} |`,
      );
    }
  } finally {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
