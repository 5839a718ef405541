/**
 * The bench's room (issue 37): a room's phones behind ONE address (a venue's NAT) open the
 * round's ballot and vote, arriving over most of a minute as a room does (each reads the ballot
 * and types an e-mail for a few seconds), with the round sized for the room; and the projector's
 * live stream, timed: how long after its thank-you a vote shows in the count on the projector.
 * Target: 1,000 phones vote within 60 s with 0 false refusals; a vote reaches the projector within
 * 1 s at p95.
 */
import { eq } from "drizzle-orm";
import { comedians, roundComedians, votingRounds } from "~/db/schema";
import { openDatabase } from "~/utils/db.server";
import { LOAD_ENV } from "../../tests/support/env";
import { percentile } from "./harness";
import { Browser, inParallel, readBallot, seeded, sleep, voteBody, watchStream } from "./show-night";

export type RoomRun = {
  phones: number;
  /** From the first phone's arrival to the last vote's thank-you. */
  seconds: number;
  acknowledged: number;
  falseRefusals: number;
  /** Phones asked to wait a moment at the door (new phones over the round's budget); they loaded again. */
  doorWaits: number;
  postP50: number;
  postP99: number;
  reachP50: number;
  reachP95: number;
  reachMax: number;
};

export async function runRoom(
  base: string,
  dbPath: string,
  options: {
    phones: number;
    arrivalSeconds: number;
    address: string;
    tag: string;
    /** More of the round's settings (issue 41's bench: a round that checks tickets). */
    round?: Partial<typeof votingRounds.$inferInsert>;
  },
): Promise<RoomRun> {
  const db = openDatabase(dbPath);
  const roundId = db.transaction((tx) => {
    const round = tx
      .insert(votingRounds)
      .values({
        title: `Bench room ${options.tag}`,
        openedAt: new Date(),
        roomSeats: options.phones,
        ...options.round,
      })
      .returning()
      .get();
    for (const name of ["Ava", "Ben", "Cleo", "Dev", "Eli"]) {
      const id = tx
        .insert(comedians)
        .values({ name: `${name} Room ${options.tag}` })
        .returning()
        .get().id;
      tx.insert(roundComedians).values({ roundId: round.id, comedianId: id }).run();
    }
    return round.id;
  });
  try {
    const host = new Browser(base, "192.0.2.250");
    await host.post("/results", { password: LOAD_ENV.RESULTS_PASSWORD });
    const stream = await watchStream(base, `/results/stream?round=${roundId}`, host);
    const random = seeded(options.phones + options.tag.length);
    const phones = Array.from({ length: options.phones }, (_, n) => ({
      n,
      arrival: random() * options.arrivalSeconds * 1000,
      think: 3500 + random() * 6500,
      js: n % 3 !== 0,
      browser: new Browser(base, options.address),
      acked: false,
      refused: false,
      doorWaits: 0,
    }));
    const latencies: number[] = [];
    const acks: { at: number; count: number }[] = [];
    let acked = 0;
    const started = performance.now();
    await inParallel(phones, phones.length, async (p) => {
      await sleep(p.arrival - (performance.now() - started));
      let page = await p.browser.get(`/vote?round=${roundId}`);
      for (let i = 0; page.status === 429 && i < 10; i++) {
        p.doorWaits++;
        await sleep(Number(page.headers.get("Retry-After") ?? 1) * 1000);
        page = await p.browser.get(`/vote?round=${roundId}`);
      }
      const ballot = readBallot(page.text);
      if (!ballot.token) {
        p.refused = true;
        return;
      }
      await sleep(p.think);
      const body = voteBody({
        roundId,
        token: ballot.token,
        comedianId: ballot.comedianIds[p.n % ballot.comedianIds.length],
        email: `room${options.tag}-${p.n}@example.com`,
        roomCode: "",
      });
      const a = await p.browser.request("POST", p.js ? "/vote/submit" : "/vote", body, { json: p.js });
      latencies.push(a.ms);
      p.acked = p.js ? a.status === 200 : a.status === 302;
      if (p.acked) acks.push({ at: performance.now(), count: ++acked });
      else p.refused = true;
    });
    const seconds = (performance.now() - started) / 1000;
    await sleep(1500);
    await stream.close();
    const reach = acks.map((a) => stream.reachedBy(a.count, a.at)).filter((ms): ms is number => ms !== null);
    return {
      phones: options.phones,
      seconds,
      acknowledged: phones.filter((p) => p.acked).length,
      falseRefusals: phones.filter((p) => p.refused).length,
      doorWaits: phones.filter((p) => p.doorWaits > 0).length,
      postP50: percentile(latencies, 50),
      postP99: percentile(latencies, 99),
      reachP50: percentile(reach, 50),
      reachP95: reach.length === acks.length ? percentile(reach, 95) : Number.POSITIVE_INFINITY,
      reachMax: Math.max(0, ...reach),
    };
  } finally {
    db.update(votingRounds).set({ closedAt: new Date() }).where(eq(votingRounds.id, roundId)).run();
    db.$client.close();
  }
}

export function renderRoom(runs: RoomRun[], median: RoomRun) {
  const row = (r: RoomRun) =>
    `| ${r.phones} | ${r.seconds.toFixed(1)} | ${r.acknowledged} | ${r.falseRefusals} | ${r.doorWaits} | ${r.postP50.toFixed(0)} / ${r.postP99.toFixed(0)} | ${r.reachP50.toFixed(0)} / ${r.reachP95.toFixed(0)} / ${r.reachMax.toFixed(0)} |`;
  return [
    "A room behind one address (issue 37): phones arrive over 45 s, each reads the ballot and types for 3.5-10 s, then votes (two thirds as the enhanced page, a third as the plain form); the round is sized for the room. Targets: every phone votes within 60 s with 0 false refusals; a vote reaches the projector's live count within 1 s at p95. Median run by time, then every run:",
    "",
    "| phones | all voted in (s) | acknowledged | false refusals | waited at the door | vote POST p50 / p99 ms | reaches the projector p50 / p95 / max ms |",
    "| ------ | ---------------- | ------------ | -------------- | ------------------ | ---------------------- | ---------------------------------------- |",
    row(median),
    ...runs.map(row),
  ].join("\n");
}
