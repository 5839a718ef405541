/** Voting rounds, comedians and votes stored directly, as staff and voters would leave them. */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { comedians, roundComedians, votes, votingRounds } from "~/db/schema";
import type { DB } from "~/utils/db.server";

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
