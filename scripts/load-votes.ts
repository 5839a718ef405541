/**
 * npm run load:votes — 300 voters with distinct e-mails over 50 concurrent connections from
 * one IP (loopback), 20% of them sending their post twice (double tap or resend after the
 * answer, same token). Checks every acknowledged vote is stored exactly once, no duplicate
 * is stored and no voter is refused by rate limiting; prints votes/s and latency percentiles.
 * Expects a build (`npm run build`); starts its own server against a temporary database.
 */
import fs from "node:fs";
import { pool, startLoadServer, stopServer } from "../tests/support/server";
import {
  CONCURRENCY,
  checkStored,
  loadBallot,
  thinkTime,
  makeVoters,
  postVote,
  prepareVoteDatabase,
  VOTERS,
} from "../tests/support/voters";
import { giveUpAfter, percentile, requireBuild } from "./lib/harness";

requireBuild();
const setup = prepareVoteDatabase();
const server = await startLoadServer(setup.file, setup.dir);
const disarm = giveUpAfter("load test", 120, () => server);

let failed = false;
try {
  const voters = makeVoters(setup.comedianIds, "load");
  await pool(voters, CONCURRENCY, (v) => loadBallot(server.base, setup.roundId, v));
  await thinkTime();

  const latencies: number[] = [];
  const started = performance.now();
  await pool(voters, CONCURRENCY, async (v) => {
    if (v.duplicate === "double-tap") {
      const answers = await Promise.all([
        postVote(server.base, setup.roundId, v, latencies),
        postVote(server.base, setup.roundId, v, latencies),
      ]);
      v.acked = answers.every(Boolean);
    } else {
      v.acked = await postVote(server.base, setup.roundId, v, latencies);
      if (v.duplicate === "resend")
        v.acked = (await postVote(server.base, setup.roundId, v, latencies)) && v.acked;
    }
  });
  const seconds = (performance.now() - started) / 1000;

  const acked = voters.filter((v) => v.acked);
  const refused = voters.filter((v) => v.refused);
  const result = checkStored(setup.file, setup.roundId, voters, acked);
  console.log(
    `voters: ${VOTERS}, posts: ${latencies.length} (${voters.filter((v) => v.duplicate !== "none").length} voters posted twice), concurrency: ${CONCURRENCY}, one IP (127.0.0.1)`,
  );
  console.log(`acknowledged: ${acked.length}/${VOTERS}, refused by rate limiting: ${refused.length}`);
  console.log(`stored rows: ${result.rows}, integrity_check: ${result.integrity}`);
  console.log(
    `throughput: ${(VOTERS / seconds).toFixed(1)} votes/s (${(latencies.length / seconds).toFixed(1)} posts/s) over ${seconds.toFixed(2)} s`,
  );
  console.log(
    `latency per post: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
  );
  const problems = [...result.problems];
  if (acked.length !== VOTERS) problems.push(`${VOTERS - acked.length} voters not acknowledged`);
  if (refused.length) problems.push(`rate limiting refused ${refused.length} voters: ${refused[0].refused}`);
  if (result.rows !== VOTERS) problems.push(`expected ${VOTERS} stored votes, found ${result.rows}`);
  if (problems.length) {
    failed = true;
    console.error(`FAILED:\n  ${problems.slice(0, 20).join("\n  ")}`);
  } else {
    console.log("OK: every acknowledged vote stored exactly once, no duplicates, nobody rate limited.");
  }
} finally {
  disarm();
  await stopServer(server);
  if (!process.env.KEEP_LOAD_DB) fs.rmSync(setup.dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
