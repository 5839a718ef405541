/**
 * Simulated phones voting, shared by scripts/load-votes.ts, crash-votes.ts, soak.ts and the
 * crash test (tests/support/crash-paths.ts): a temporary database with an open round, and
 * voters that load /vote and post their vote the way the page does (JSON endpoint with
 * JavaScript, the plain form without). Field names come from the app's vote schema.
 */
import { eq } from "drizzle-orm";
import { comedians, roundComedians, votes, votingRounds } from "~/db/schema";
import { openDatabase } from "~/utils/db.server";
import { tempDatabase } from "./db";
import { field, FORMS, formFields } from "./forms";

export const VOTERS = 300;
export const CONCURRENCY = 50;
export const DUPLICATE_SHARE = 0.2;

export function prepareVoteDatabase() {
  const { dir, file, data } = tempDatabase("votes", (database) => {
    const round = database
      .insert(votingRounds)
      .values({ title: "Load test round", openedAt: new Date() })
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

/** Loads the ballot like a phone: the device cookie and a fresh vote token. */
export async function loadBallot(base: string, roundId: number, voter: Voter) {
  const res = await fetch(`${base}/vote?round=${roundId}`);
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
  const res = await fetch(`${base}${voter.viaForm ? "/vote" : "/vote/submit"}`, {
    method: "POST",
    body,
    headers,
    redirect: "manual",
  });
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
