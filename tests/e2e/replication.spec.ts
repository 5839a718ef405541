import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { contactMessages, events, images, votes } from "~/db/schema";
import { openDatabase } from "~/utils/db.server";
import { startFakeS3, type FakeS3 } from "../fakes/s3";
import { LOAD_ENV, staffOf } from "../support/env";
import { FORMS, formFields, postForm } from "../support/forms";
import {
  caughtUp,
  killBoth,
  restoreFromReplica,
  startUnderLitestream,
  type Replicated,
} from "../support/replication";
import { pool, startServer, stopServer } from "../support/server";
import { loginStaff } from "../support/staff";
import { bigPosters, uploadPoster } from "../support/upload-memory";
import { loadBallot, makeVoters, postVote, prepareVoteDatabase, type Voter } from "../support/voters";
import { expect, test } from "./fixtures";

// Server-process behaviour, not a page: run once, in the "js" project.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "process test runs once");
test.describe.configure({ mode: "serial", timeout: 150_000 });

let s3: FakeS3;
test.beforeAll(async () => {
  s3 = await startFakeS3();
});
test.afterAll(async () => s3?.close());

/** One contact message from its own address (the per-IP form budget); true when acknowledged. */
async function sendMessage(base: string, email: string, i: number) {
  const res = await postForm(
    base,
    "/contact",
    formFields(FORMS.contact, {
      name: `Rehearsal ${i}`,
      email,
      subject: `Rehearsal ${i}`,
      message: `Message ${i}, written before the machine was lost.`,
      submissionToken: crypto.randomBytes(16).toString("hex"),
    }),
    { headers: { "Fly-Client-IP": `10.88.${Math.floor(i / 250)}.${(i % 250) + 1}` } },
  );
  await res.text();
  return res.status === 302 && (res.headers.get("location") ?? "").startsWith("/contact");
}

type Write = { kind: "vote" | "message"; key: string; ackedAt: number; phase: "settled" | "last" };

/** Votes and messages, `concurrency` at a time; each acknowledged one recorded with its time. */
async function writeSome(
  r: Replicated,
  roundId: number,
  voters: Voter[],
  from: number,
  n: number,
  phase: Write["phase"],
  /** Spread the writes out: each worker rests this long after each write. */
  paceMs = 0,
) {
  const written: Write[] = [];
  const latencies: number[] = [];
  await pool(
    Array.from({ length: n }, (_, k) => from + k),
    6,
    async (i) => {
      if (i % 4 === 3) {
        const email = `rehearsal-${i}@example.com`;
        if (await sendMessage(r.base, email, i))
          written.push({ kind: "message", key: email, ackedAt: Date.now(), phase });
      } else {
        const voter = voters[i];
        await loadBallot(r.base, roundId, voter);
        if (await postVote(r.base, roundId, voter, latencies))
          written.push({ kind: "vote", key: voter.email, ackedAt: Date.now(), phase });
      }
      if (paceMs) await new Promise((r) => setTimeout(r, paceMs));
    },
  );
  return written;
}

test("kill -9 of the server and Litestream, then a restore into an empty folder: what was written comes back, the poster too", async () => {
  const { dir, file, roundId, comedianIds } = prepareVoteDatabase();
  const voters = makeVoters(comedianIds, `r${Date.now()}`, 400);
  const replicated = await startUnderLitestream({
    dir,
    databasePath: file,
    s3,
    env: { TRUST_PROXY: "true" },
  });
  let restoredServer: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    // A show with an uploaded poster: its master goes to the bucket beside the database.
    const cookie = await loginStaff(replicated.base, staffOf(LOAD_ENV));
    const [poster] = await bigPosters(1);
    const upload = await uploadPoster(replicated.base, cookie, poster, "Rehearsal Poster Night");
    expect(upload.status).toBe(302);
    await expect.poll(() => s3.keys("posters/").length, { timeout: 30_000 }).toBe(1);

    // Writes, then a pause until Litestream's figures say the replica holds them all...
    const settled = await writeSome(replicated, roundId, voters, 0, 120, "settled");
    // Litestream copies the WAL at each sync (every second): its figures speak of what it has seen.
    await new Promise((r) => setTimeout(r, 2_500));
    await expect.poll(() => caughtUp(replicated), { timeout: 30_000 }).toBe(true);
    // ...then more, and the machine is lost the moment the last one is acknowledged.
    // (about 4 s of writes, as a busy room sends them, so the window is measured, not guessed)
    const last = await writeSome(replicated, roundId, voters, 120, 120, "last", 200);
    const killedAt = Date.now();
    killBoth(replicated);

    const empty = fs.mkdtempSync(path.join(dir, "restored-"));
    const target = path.join(empty, "app.db");
    const report = await restoreFromReplica(replicated, target);
    expect(report).toMatch(/integrity ok/);
    expect(report).toMatch(/poster masters: 1 fetched, 0 missing/);

    const database = openDatabase(target);
    const votesBack = new Set(
      database
        .select({ e: votes.email })
        .from(votes)
        .all()
        .map((r) => r.e),
    );
    const messagesBack = new Set(
      database
        .select({ e: contactMessages.email })
        .from(contactMessages)
        .all()
        .map((r) => r.e),
    );
    const hashes = database
      .select({ h: images.hash })
      .from(images)
      .all()
      .map((r) => r.h);
    const show = database
      .select()
      .from(events)
      .all()
      .find((e) => e.title === "Rehearsal Poster Night");
    database.$client.close();

    const back = (w: Write) => (w.kind === "vote" ? votesBack : messagesBack).has(w.key);
    const all = [...settled, ...last];
    const lost = all.filter((w) => !back(w));
    const window = lost.length ? (killedAt - Math.min(...lost.map((w) => w.ackedAt))) / 1000 : 0;
    const count = (list: Write[], kind: Write["kind"]) => list.filter((w) => w.kind === kind).length;
    const figures =
      `written ${count(all, "vote")} votes + ${count(all, "message")} messages (acknowledged); ` +
      `came back ${count(all.filter(back), "vote")} + ${count(all.filter(back), "message")}; ` +
      `lost ${lost.length}, all acknowledged in the last ${window.toFixed(2)} s before the kill (the loss window); ` +
      `poster master back: ${hashes.length === 1 && fs.existsSync(path.join(empty, "images", hashes[0], "master.jpg"))}`;
    console.log(`replication rehearsal: ${figures}`);
    test.info().annotations.push({ type: "restore", description: figures });

    // Everything written before the pause is back, and the loss is bounded by a few sync intervals.
    expect(settled.filter((w) => !back(w))).toEqual([]);
    expect(window).toBeLessThan(5);
    expect(count(last.filter(back), "vote") + count(last.filter(back), "message")).toBeGreaterThan(0);
    expect(hashes).toHaveLength(1);
    expect(fs.existsSync(path.join(empty, "images", hashes[0], "master.jpg"))).toBe(true);

    // The variants were never copied: a server on the restored folder renders them from the master.
    restoredServer = await startServer(target, empty, { env: { ...LOAD_ENV } });
    const page = await (await fetch(`${restoredServer.base}/event/${show!.id}`)).text();
    const src = /\/img\/[0-9a-f]{16}-[^"' ,]+\.(?:avif|webp|jpg)/.exec(page)?.[0];
    expect(src, "the restored show's page uses its poster").toBeTruthy();
    const variant = await fetch(`${restoredServer.base}${src}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toMatch(/^image\//);
    expect(variant.headers.get("cache-control")).toContain("immutable");
  } finally {
    killBoth(replicated);
    if (restoredServer) await stopServer(restoredServer);
    if (!process.env.KEEP_REHEARSAL) fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A vote database served under Litestream with the replication monitor's alert at 2 s, with
 * `count` voters, and readers of its health detail and its lag metric.
 */
async function startMonitored(prefix: string, count: number, env: Record<string, string> = {}) {
  const { dir, file, roundId, comedianIds } = prepareVoteDatabase();
  const voters = makeVoters(comedianIds, `${prefix}${Date.now()}`, count);
  const token = "replication-metrics-token-0123456789";
  const replicated = await startUnderLitestream({
    dir,
    databasePath: file,
    s3,
    env: { REPLICATION_LAG_ALERT_SECONDS: "2", METRICS_TOKEN: token, ...env },
  });
  const health = async () => (await fetch(`${replicated.base}/healthcheck`)).text();
  const lag = async () => {
    const text = await (
      await fetch(`${replicated.base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    return Number(/^laugh_replication_lag_seconds (\S+)$/m.exec(text)?.[1] ?? NaN);
  };
  return { dir, file, roundId, voters, replicated, health, lag };
}

test("after Litestream's own checkpoint and no write since, the health detail and the lag say the replica holds everything", async () => {
  const { dir, file, roundId, voters, replicated, health, lag } = await startMonitored("c", 10);
  const litestream = async () => (await fetch(`http://${replicated.litestreamAddr}/metrics`)).text();
  const figure = (text: string, name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
  try {
    await expect.poll(health, { timeout: 30_000 }).toBe("OK\nreplication: ok");
    // Litestream checkpoints by itself when the database file has not changed for a minute (its
    // checkpoint interval) and a write comes: a database file a few minutes old, then one vote.
    let checkpointed = false;
    for (const voter of voters.slice(0, 5)) {
      const past = new Date(Date.now() - 180_000);
      fs.utimesSync(file, past, past);
      await loadBallot(replicated.base, roundId, voter);
      expect(await postVote(replicated.base, roundId, voter, [])).toBe(true);
      const deadline = Date.now() + 5_000;
      while (!checkpointed && Date.now() < deadline) {
        checkpointed = figure(await litestream(), "litestream_shadow_wal_index") >= 1;
        if (!checkpointed) await new Promise((r) => setTimeout(r, 250));
      }
      if (checkpointed) break;
    }
    expect(checkpointed, "Litestream started a new shadow WAL index").toBe(true);

    // Nothing written since. The replica takes the rest; Litestream's own figure still counts the
    // previous shadow WAL file, which no sync has removed (no write has come to start one).
    await expect.poll(() => caughtUp(replicated), { timeout: 30_000 }).toBe(true);
    const text = await litestream();
    expect(figure(text, "litestream_shadow_wal_size")).toBeGreaterThan(
      figure(text, "litestream_replica_wal_offset"),
    );
    // Past the alert threshold (2 s) and a few of the monitor's readings (every 500 ms): all is off-site.
    await new Promise((r) => setTimeout(r, 4_000));
    expect(await health()).toBe("OK\nreplication: ok");
    expect(await lag()).toBe(0);
  } finally {
    killBoth(replicated);
    if (!process.env.KEEP_REHEARSAL) fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the bucket down: the site keeps serving, and the health detail, the metric and the log say so; then it catches up", async () => {
  const { dir, roundId, voters, replicated, health, lag } = await startMonitored("d", 40, {
    LOG_LEVEL: "info",
  });
  try {
    await expect.poll(health, { timeout: 30_000 }).toBe("OK\nreplication: ok");
    await s3.stop();
    // The room keeps voting while nothing reaches the bucket.
    let acked = 0;
    for (const voter of voters.slice(0, 10)) {
      await loadBallot(replicated.base, roundId, voter);
      if (await postVote(replicated.base, roundId, voter, [])) acked++;
    }
    expect(acked).toBe(10);
    await expect.poll(health, { timeout: 30_000 }).toMatch(/^OK\nreplication: BEHIND/);
    expect((await fetch(`${replicated.base}/healthcheck`)).status).toBe(200);
    expect(await lag()).toBeGreaterThan(2);
    await expect
      .poll(() => fs.readFileSync(replicated.log, "utf8"), { timeout: 10_000 })
      .toMatch(/"level":40.*replication: BEHIND/);
    // Still serving: a page, and one more vote stored.
    expect((await fetch(`${replicated.base}/vote?round=${roundId}`)).status).toBe(200);
    await loadBallot(replicated.base, roundId, voters[10]);
    expect(await postVote(replicated.base, roundId, voters[10], [])).toBe(true);

    await s3.start();
    await expect.poll(health, { timeout: 60_000 }).toBe("OK\nreplication: ok");
    expect(await lag()).toBe(0);
    await expect
      .poll(() => fs.readFileSync(replicated.log, "utf8"), { timeout: 10_000 })
      .toMatch(/replication: caught up again/);

    // SIGTERM to Litestream (the platform's kill signal) reaches the server, which stops cleanly.
    const exited = new Promise<number | null>((resolve) => replicated.litestream.once("exit", resolve));
    replicated.litestream.kill("SIGTERM");
    await exited;
    await expect
      .poll(() => fs.readFileSync(replicated.log, "utf8"), { timeout: 15_000 })
      .toMatch(/"msg":"stopped"/);
  } finally {
    killBoth(replicated);
    if (!process.env.KEEP_REHEARSAL) fs.rmSync(dir, { recursive: true, force: true });
  }
});
