/**
 * npm run crash:votes — the load of load-votes.ts, with the server killed by SIGKILL in the
 * middle of it. After a restart on the same database file: every vote acknowledged before
 * the kill is there exactly once and PRAGMA integrity_check says ok. The voters whose post
 * got no answer then retry with the same token (as the page does) and the final count is
 * every voter exactly once. Expects a build; bounded to 120 s; loopback only.
 */
import fs from "node:fs";
import { pool, startLoadServer, stopServer, type Server } from "../tests/support/server";
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
import { giveUpAfter, requireBuild } from "./lib/harness";

/** Kill once this many votes have been acknowledged (posts are still in flight then). */
const KILL_AFTER_ACKS = Number(process.env.KILL_AFTER_ACKS ?? 120);

requireBuild();
const setup = prepareVoteDatabase();
let server: Server = await startLoadServer(setup.file, setup.dir);
const disarm = giveUpAfter("crash test", 120, () => server);

let failed = false;
try {
  const voters = makeVoters(setup.comedianIds, "crash");
  await pool(voters, CONCURRENCY, (v) => loadBallot(server.base, setup.roundId, v));
  await thinkTime();

  const latencies: number[] = [];
  let acks = 0;
  let killed = false;
  let errorsAfterKill = 0;
  const killedServer = server;
  await pool(voters, CONCURRENCY, async (v) => {
    if (killed) return; // the room waits for the Wi-Fi (server) to come back
    try {
      v.acked = await postVote(killedServer.base, setup.roundId, v, latencies);
    } catch {
      errorsAfterKill++;
      v.acked = false;
      return;
    }
    if (v.acked && ++acks === KILL_AFTER_ACKS && !killed) {
      killed = true;
      killedServer.child.kill("SIGKILL");
    }
  });
  await new Promise((r) =>
    killedServer.child.exitCode !== null || killedServer.child.signalCode
      ? r(null)
      : killedServer.child.once("exit", r),
  );
  const ackedBeforeKill = voters.filter((v) => v.acked);
  console.log(
    `killed the server with SIGKILL after ${KILL_AFTER_ACKS} acknowledgements; acknowledged before the kill: ${ackedBeforeKill.length}; posts cut off: ${errorsAfterKill}; never sent: ${voters.length - ackedBeforeKill.length - errorsAfterKill}`,
  );

  server = await startLoadServer(setup.file, setup.dir);
  const afterRestart = checkStored(setup.file, setup.roundId, voters, ackedBeforeKill);
  console.log(
    `after restart: stored rows ${afterRestart.rows}, integrity_check ${afterRestart.integrity}, acknowledged votes missing or doubled: ${afterRestart.problems.length}`,
  );

  // Everyone without an answer retries with the same token (the page's automatic retry).
  const pending = voters.filter((v) => !v.acked);
  await pool(pending, CONCURRENCY, async (v) => {
    v.acked = await postVote(server.base, setup.roundId, v, latencies);
  });
  const final = checkStored(setup.file, setup.roundId, voters, voters);
  console.log(
    `after the retries: stored rows ${final.rows} of ${VOTERS} voters, integrity_check ${final.integrity}`,
  );

  const problems = [
    ...afterRestart.problems.map((p) => `after restart: ${p}`),
    ...final.problems.map((p) => `final: ${p}`),
  ];
  if (ackedBeforeKill.length < KILL_AFTER_ACKS)
    problems.push("fewer acknowledgements than expected before the kill");
  if (final.rows !== VOTERS) problems.push(`expected ${VOTERS} votes in the end, found ${final.rows}`);
  if (voters.some((v) => v.refused)) problems.push("some voters were rate limited");
  if (problems.length) {
    failed = true;
    console.error(`FAILED:\n  ${problems.slice(0, 20).join("\n  ")}`);
  } else {
    console.log("OK: no acknowledged vote lost to SIGKILL, none doubled by the retries, database intact.");
  }
} finally {
  disarm();
  await stopServer(server);
  if (!process.env.KEEP_LOAD_DB) fs.rmSync(setup.dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
