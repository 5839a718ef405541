/**
 * Simulated phones voting, shared by scripts/load-votes.ts, crash-votes.ts, soak.ts and the
 * crash test (tests/support/crash-paths.ts): a temporary database with an open round, and
 * voters that load /vote and post their vote the way the page does (JSON endpoint with
 * JavaScript, the plain form without). Field names come from the app's vote schema.
 */
import { eq } from "drizzle-orm";
import { comedians, roundComedians, votes, votingRounds } from "~/db/schema";
import { AUTO_RESEND_MAX_SECONDS, MIN_DEVICE_AGE_MS } from "~/lib/vote";
import { openDatabase } from "~/utils/db.server";
import { tempDatabase } from "./db";
import { field, FORMS, formFields } from "./forms";

export const VOTERS = 300;
export const CONCURRENCY = 50;
export const DUPLICATE_SHARE = 0.2;

/**
 * A temporary database with an open round. `roomSeats` sizes the round's per-address budgets of
 * new phones and votes (issue 37): these scripts send a room's phones as fast as they can from
 * one address to test durability, so their round is sized for the biggest room by default; the
 * rehearsal (scripts/rehearse.ts) tests the budgets themselves with a real room's size and pace.
 */
export function prepareVoteDatabase(roomSeats = 5000) {
  const { dir, file, data } = tempDatabase("votes", (database) => {
    const round = database
      .insert(votingRounds)
      .values({ title: "Load test round", openedAt: new Date(), roomSeats })
      .returning()
      .get();
    const ids = ["Ava", "Ben", "Cleo", "Dev", "Eli"].map((name) => {
      const c = database
        .insert(comedians)
        .values({ name: `${name} Loadtest` })
        .returning()
        .get();
      database.insert(roundComedians).values({ roundId: round.id, comedianId: c.id }).run();
      return c.id;
    });
    return { roundId: round.id, comedianIds: ids };
  });
  return { dir, file, ...data };
}

export type Voter = {
  n: number;
  email: string;
  comedianId: number;
  /** With JavaScript the page posts JSON to /vote/submit; without, the form posts to /vote. */
  viaForm: boolean;
  /** Sends its post twice: at once (double tap) or after the answer (lost response). */
  duplicate: "none" | "double-tap" | "resend";
  token?: string;
  cookie?: string;
  acked: boolean;
  refused?: string;
  /** Times the server asked this phone to wait a moment (and it did, as the page does). */
  waits?: number;
};

export function makeVoters(comedianIds: number[], runTag: string, count = VOTERS): Voter[] {
  const duplicates = Math.round(count * DUPLICATE_SHARE);
  return Array.from({ length: count }, (_, n) => ({
    n,
    email: `voter-${runTag}-${n}@example.com`,
    comedianId: comedianIds[n % comedianIds.length],
    viaForm: n % 3 === 0,
    duplicate: n < duplicates ? (n % 2 === 0 ? "double-tap" : "resend") : "none",
    acked: false,
  }));
}

/**
 * The time people take between opening the ballot and sending it (a phone's cookie votes only
 * once it is a few seconds old, issue 37): the scripts that load every ballot first wait this.
 */
export function thinkTime() {
  return new Promise((r) => setTimeout(r, MIN_DEVICE_AGE_MS + 100));
}

/** Waits the Retry-After of a 429 that asks for a short wait (as the page does), or returns false. */
export async function waitAsThePageDoes(res: Response): Promise<boolean> {
  const seconds = Number(res.headers.get("Retry-After") ?? 0);
  if (res.status !== 429 || !(seconds > 0) || seconds > AUTO_RESEND_MAX_SECONDS) return false;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return true;
}

/**
 * Loads the ballot like a phone: the device cookie and a fresh vote token. A "one moment" page
 * (too many new phones from this address at once, issue 37) loads again after its Retry-After,
 * as the browser does.
 */
export async function loadBallot(base: string, roundId: number, voter: Voter) {
  let res = await fetch(`${base}/vote?round=${roundId}`);
  for (let tries = 0; tries < 10 && (await waitAsThePageDoes(res)); tries++) {
    await res.arrayBuffer();
    voter.waits = (voter.waits ?? 0) + 1;
    res = await fetch(`${base}/vote?round=${roundId}`);
  }
  const html = await res.text();
  const token = new RegExp(`name="${field(FORMS.vote, "voteToken")}" value="([^"]+)"`).exec(html)?.[1];
  if (!res.ok || !token) throw new Error(`ballot did not load (${res.status})`);
  voter.token = token;
  voter.cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** One vote post; resolves true when the server acknowledged it (its thank-you). */
export async function postVote(
  base: string,
  roundId: number,
  voter: Voter,
  latencies: number[],
): Promise<boolean> {
  const body = new URLSearchParams(
    formFields(FORMS.vote, {
      roundId,
      voteToken: voter.token,
      comedianId: voter.comedianId,
      email: voter.email,
    }),
  );
  const headers = {
    Origin: base,
    Cookie: voter.cookie ?? "",
    "Content-Type": "application/x-www-form-urlencoded",
  };
  const start = performance.now();
  const send = () =>
    fetch(`${base}${voter.viaForm ? "/vote" : "/vote/submit"}`, {
      method: "POST",
      body,
      headers,
      redirect: "manual",
    });
  let res = await send();
  // A cookie only seconds old (issue 37): the page waits and sends the same vote again.
  for (let tries = 0; tries < 5 && (await waitAsThePageDoes(res)); tries++) {
    await res.arrayBuffer();
    voter.waits = (voter.waits ?? 0) + 1;
    res = await send();
  }
  const text = await res.text();
  latencies.push(performance.now() - start);
  if (res.status === 429) voter.refused = `rate limited: ${text.slice(0, 120)}`;
  if (voter.viaForm)
    return res.status === 302 && (res.headers.get("location") ?? "").includes(`thanks=${voter.token}`);
  return res.status === 200 && JSON.parse(text).ok === true;
}

/** What the database holds for the round: every acknowledged vote exactly once, nothing else. */
export function checkStored(file: string, roundId: number, voters: Voter[], mustInclude: Voter[]) {
  const database = openDatabase(file);
  try {
    const integrity = database.$client.pragma("integrity_check", { simple: true });
    const rows = database.select().from(votes).where(eq(votes.roundId, roundId)).all();
    const byEmail = new Map<string, typeof rows>();
    for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
    const problems: string[] = [];
    if (integrity !== "ok") problems.push(`integrity_check: ${String(integrity)}`);
    for (const v of mustInclude) {
      const stored = byEmail.get(v.email) ?? [];
      if (stored.length !== 1) problems.push(`${v.email}: stored ${stored.length} times`);
      else if (stored[0].comedianId !== v.comedianId || stored[0].voteToken !== v.token)
        problems.push(`${v.email}: stored wrong`);
    }
    const known = new Set(voters.map((v) => v.email));
    const strangers = rows.filter((r) => !known.has(r.email));
    if (strangers.length) problems.push(`${strangers.length} rows from no voter`);
    const duplicates = [...byEmail.values()].filter((list) => list.length > 1).length;
    if (duplicates) problems.push(`${duplicates} e-mails stored more than once`);
    return { rows: rows.length, integrity: String(integrity), problems };
  } finally {
    database.$client.close();
  }
}
