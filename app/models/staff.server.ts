import { hash, verify } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { staffUsers, type StaffUser } from "~/db/schema";
import { db, type DB } from "~/utils/db.server";

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
    database.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, existing.id)).run();
    return { id: existing.id, username: name, created: false };
  }
  const row = database.insert(staffUsers).values({ username: name, passwordHash }).returning().get();
  return { id: row.id, username: name, created: true };
}

export function countStaff(database: DB = db()) {
  return database.select({ n: sql<number>`count(*)` }).from(staffUsers).get()?.n ?? 0;
}

/** Creates the first account from ADMIN_USERNAME / ADMIN_PASSWORD when there is none. */
export async function ensureFirstStaff(username: string, password: string, database: DB = db()) {
  if (!username || !password || countStaff(database) > 0) return null;
  return upsertStaff(username, password, database);
}
