import crypto from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { comedians, roundComedians, sessions, staffUsers, votes, votingRounds } from "~/db/schema";
import type { DB } from "~/utils/db.server";
import { E2E_ENV } from "./env";

/** A short unique suffix so each test owns its rows. */
export const uniq = () => crypto.randomBytes(4).toString("hex");

export type TestRound = { roundId: number; title: string; comedians: { id: number; name: string; bio: string | null }[] };

/** An open round with its own comedians (names made unique), as staff would set it up. */
export function createRound(db: DB, title: string, people: { name: string; bio?: string | null }[], open = true): TestRound {
  const tag = uniq();
  return db.transaction((tx) => {
    const round = tx.insert(votingRounds).values({ title: `${title} ${tag}`, openedAt: new Date(), closedAt: open ? null : new Date() }).returning().get();
    const rows = people.map((p) => tx.insert(comedians).values({ name: `${p.name} ${tag}`, bio: p.bio ?? null }).returning().get());
    rows.forEach((c) => tx.insert(roundComedians).values({ roundId: round.id, comedianId: c.id }).run());
    return { roundId: round.id, title: round.title, comedians: rows.map((c) => ({ id: c.id, name: c.name, bio: c.bio })) };
  });
}

/** Closes a test's round so the demo round stays the one plain /vote shows. */
export function closeTestRound(db: DB, roundId: number) {
  db.update(votingRounds).set({ closedAt: new Date() }).where(eq(votingRounds.id, roundId)).run();
}

export function addVotes(db: DB, roundId: number, comedianId: number, n: number) {
  for (let i = 0; i < n; i++) {
    db.insert(votes).values({ roundId, comedianId, email: `seeded-${uniq()}@example.com`, voteToken: `seeded-${uniq()}-${uniq()}` }).run();
  }
}

export function votesIn(db: DB, roundId: number) {
  return db.select().from(votes).where(eq(votes.roundId, roundId)).all();
}

/**
 * Signs the browser in as the seeded staff member by creating a server-side session row
 * and its signed cookie: the login form itself is tested in auth.spec.ts, and going through
 * it in every test would spend the per-IP login budget the whole suite shares.
 */
export async function signInAsStaff(context: BrowserContext, db: DB, baseURL: string) {
  const staff = db.select().from(staffUsers).where(eq(staffUsers.username, E2E_ENV.ADMIN_USERNAME)).get();
  if (!staff) throw new Error("the seeded staff account is missing");
  const id = crypto.randomBytes(24).toString("base64url");
  db.insert(sessions).values({ id, data: { staffId: staff.id }, expiresAt: new Date(Date.now() + 3600_000) }).run();
  const header = await createCookie("__session", { secrets: [E2E_ENV.SESSION_SECRET] }).serialize(id);
  const value = header.split(";")[0].slice("__session=".length);
  await context.addCookies([{ name: "__session", value, url: baseURL }]);
}
