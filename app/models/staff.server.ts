import { hash, verify } from "@node-rs/argon2";
import { and, eq, ne, sql } from "drizzle-orm";
import { sessions, staffUsers, type StaffUser } from "~/db/schema";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

export type StaffIdentity = Pick<StaffUser, "id" | "username">;

// argon2id with the library's defaults (19 MiB, 2 passes): slow for attackers, ~30 ms here.
export function hashPassword(password: string) {
  return hash(password);
}

// Verifying against a fixed hash when the user is unknown keeps timing the same either way.
let dummyHash: Promise<string> | undefined;

/** The staff member for these credentials, or null; never says which part was wrong. */
export async function verifyStaffLogin(username: string, password: string, database: DB = db()) {
  const user = database
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.username})`, username.trim().toLowerCase()))
    .get();
  if (!user) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const ok = await verify(user.passwordHash, password).catch(() => false);
  if (!ok) return null;
  database.update(staffUsers).set({ lastLoginAt: new Date() }).where(eq(staffUsers.id, user.id)).run();
  return { id: user.id, username: user.username } satisfies StaffIdentity;
}

/** Whether a staff account has this username (as login compares it: trimmed, any case). */
export function staffUsernameExists(username: string, database: DB = db()): boolean {
  return Boolean(
    database
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(sql`lower(${staffUsers.username})`, username.trim().toLowerCase()))
      .get(),
  );
}

export function getStaffById(id: number, database: DB = db()): StaffIdentity | null {
  return (
    database
      .select({ id: staffUsers.id, username: staffUsers.username })
      .from(staffUsers)
      .where(eq(staffUsers.id, id))
      .get() ?? null
  );
}

/** Adds a staff account, or resets the password of an existing one. */
export async function upsertStaff(username: string, password: string, database: DB = db()) {
  const name = username.trim();
  if (!/^[A-Za-z0-9._-]{2,40}$/.test(name)) {
    throw new Error("A username is 2-40 letters, digits, dots, dashes or underscores");
  }
  if (password.length < 10) throw new Error("A password needs at least 10 characters");
  const passwordHash = await hashPassword(password);
  const existing = database.select().from(staffUsers).where(eq(staffUsers.username, name)).get();
  if (existing) {
    // A reset ends every session of that member: whoever knew the old password is out.
    const ended = database.transaction((tx) => {
      tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, existing.id)).run();
      return endStaffSessions(existing.id, null, tx);
    }, IMMEDIATE);
    return { id: existing.id, username: name, created: false, endedSessions: ended };
  }
  const row = database.insert(staffUsers).values({ username: name, passwordHash }).returning().get();
  return { id: row.id, username: name, created: true, endedSessions: 0 };
}

/**
 * Ends a staff member's sessions (password reset, account removed), except `keepId` when
 * given. Returns how many were ended.
 */
export function endStaffSessions(
  staffId: number,
  keepId: string | null = null,
  database: Pick<DB, "delete"> = db(),
): number {
  const mine = sql`json_extract(${sessions.data}, '$.staffId') = ${staffId}`;
  return database
    .delete(sessions)
    .where(keepId ? and(mine, ne(sessions.id, keepId)) : mine)
    .run().changes;
}

export type RemoveStaffResult =
  | { status: "removed"; username: string; endedSessions: number }
  | { status: "not-found" }
  | { status: "last-account" };

/**
 * Removes a staff account and ends its sessions. The last account is not removed: with none
 * left nobody could sign in, and the next start would quietly re-create ADMIN_USERNAME.
 * The audit log keeps the name (its staff id becomes null).
 */
export function removeStaff(username: string, database: DB = db()): RemoveStaffResult {
  return database.transaction((tx) => {
    const user = tx
      .select()
      .from(staffUsers)
      .where(eq(sql`lower(${staffUsers.username})`, username.trim().toLowerCase()))
      .get();
    if (!user) return { status: "not-found" as const };
    if (countStaff(tx) <= 1) return { status: "last-account" as const };
    const endedSessions = endStaffSessions(user.id, null, tx);
    tx.delete(staffUsers).where(eq(staffUsers.id, user.id)).run();
    return { status: "removed" as const, username: user.username, endedSessions };
  }, IMMEDIATE);
}

export function countStaff(database: Pick<DB, "select"> = db()) {
  return (
    database
      .select({ n: sql<number>`count(*)` })
      .from(staffUsers)
      .get()?.n ?? 0
  );
}

/** Creates the first account from ADMIN_USERNAME / ADMIN_PASSWORD when there is none. */
export async function ensureFirstStaff(username: string, password: string, database: DB = db()) {
  if (!username || !password || countStaff(database) > 0) return null;
  return upsertStaff(username, password, database);
}
