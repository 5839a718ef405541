/** Voting rounds, comedians and votes stored directly, as staff and voters would leave them. */
import crypto from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { comedians, roundComedians, votes, votingRounds } from "~/db/schema";
import type { DB } from "~/utils/db.server";
import { newDeviceId, signedDeviceValue } from "~/utils/vote-device.server";
import { E2E_ENV } from "./env";

/** A short unique suffix so each test owns its rows. */
export const uniq = () => crypto.randomBytes(4).toString("hex");

export type TestRound = {
  roundId: number;
  title: string;
  comedians: { id: number; name: string; bio: string | null }[];
};

/** An open round with its own comedians (names made unique), as staff would set it up. */
export function createRound(
  db: DB,
  title: string,
  people: { name: string; bio?: string | null }[],
  open = true,
): TestRound {
  const tag = uniq();
  return db.transaction((tx) => {
    const round = tx
      .insert(votingRounds)
      .values({ title: `${title} ${tag}`, openedAt: new Date(), closedAt: open ? null : new Date() })
      .returning()
      .get();
    const rows = people.map((p) =>
      tx
        .insert(comedians)
        .values({ name: `${p.name} ${tag}`, bio: p.bio ?? null })
        .returning()
        .get(),
    );
    rows.forEach((c) => tx.insert(roundComedians).values({ roundId: round.id, comedianId: c.id }).run());
    return {
      roundId: round.id,
      title: round.title,
      comedians: rows.map((c) => ({ id: c.id, name: c.name, bio: c.bio })),
    };
  });
}

/** Closes a test's round so the demo round stays the one plain /vote shows. */
export function closeTestRound(db: DB, roundId: number) {
  db.update(votingRounds).set({ closedAt: new Date() }).where(eq(votingRounds.id, roundId)).run();
}

export function addVotes(db: DB, roundId: number, comedianId: number, n: number) {
  for (let i = 0; i < n; i++) {
    db.insert(votes)
      .values({
        roundId,
        comedianId,
        email: `seeded-${uniq()}@example.com`,
        voteToken: `seeded-${uniq()}-${uniq()}`,
      })
      .run();
  }
}

export function votesIn(db: DB, roundId: number) {
  return db.select().from(votes).where(eq(votes.roundId, roundId)).all();
}

/**
 * Issue 37: a device cookie votes only once a few seconds old (a person reads and types; a
 * browser test types in milliseconds). This gives the browser a phone that opened /vote a
 * minute ago, signed as the server signs it, so a test votes at a person's pace without waiting.
 */
export async function givePhone(context: BrowserContext, baseURL: string, ageMs = 60_000) {
  await context.addCookies([
    { name: "vote_device", value: agedPhoneValue(ageMs), url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
}

/** The same phone as a Cookie header, for tests that post with fetch. */
export const agedPhoneCookie = (ageMs = 60_000) => `vote_device=${agedPhoneValue(ageMs)}`;

const agedPhoneValue = (ageMs: number) =>
  signedDeviceValue(newDeviceId(Date.now() - ageMs), E2E_ENV.SESSION_SECRET);

/**
 * The seeded demo round (the one plain /vote shows while it is the only open round). Tests that
 * need "a ballot" ask for it by id: other tests open rounds of their own at the same time, and
 * with several open, plain /vote asks which show (issue 37).
 */
export function demoRoundId(db: DB): number {
  const row = db.$client
    .prepare(
      "select id from voting_rounds where event_id is not null and closed_at is null order by id limit 1",
    )
    .get() as { id: number } | undefined;
  if (!row) throw new Error("the seeded demo round is not open");
  return row.id;
}
