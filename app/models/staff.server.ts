import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { sessions, siteSettings, staffRecoveryCodes, staffUsers, type StaffUser } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";
import { acceptedTotpStep, hashRecoveryCode, looksLikeRecoveryCode } from "~/utils/totp.server";

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

// --- Issue 38: staff managed in the app, and their second factor ------------------------------
// Every change is one transaction with its audit line (who did it, to whom, what changed).

const TWO_FACTOR_REQUIRED = "staff_two_factor_required";

export type StaffRow = {
  id: number;
  username: string;
  createdAt: Date;
  lastLoginAt: Date | null;
  twoFactor: boolean;
  recoveryCodesLeft: number;
  sessions: number;
};

export function listStaff(database: DB = db(), now = new Date()): StaffRow[] {
  const rows = database
    .select()
    .from(staffUsers)
    .orderBy(asc(sql`lower(${staffUsers.username})`))
    .all();
  const sessionsBy = new Map<number, number>();
  for (const s of listStaffSessions(database, now))
    sessionsBy.set(s.staffId, (sessionsBy.get(s.staffId) ?? 0) + 1);
  const codes = database
    .select({ id: staffRecoveryCodes.staffUserId, n: sql<number>`count(*)` })
    .from(staffRecoveryCodes)
    .where(isNull(staffRecoveryCodes.usedAt))
    .groupBy(staffRecoveryCodes.staffUserId)
    .all();
  const codesBy = new Map(codes.map((c) => [c.id, c.n]));
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt,
    twoFactor: u.totpEnabledAt != null,
    recoveryCodesLeft: codesBy.get(u.id) ?? 0,
    sessions: sessionsBy.get(u.id) ?? 0,
  }));
}

/** The signed-in staff sessions (not expired). `key` names a session without revealing its id. */
export function listStaffSessions(database: DB = db(), now = new Date()) {
  const rows = database
    .select({
      id: sessions.id,
      staffId: sql<number>`json_extract(${sessions.data}, '$.staffId')`,
      signedInAt: sql<number | null>`json_extract(${sessions.data}, '$.signedInAt')`,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(sql`json_extract(${sessions.data}, '$.staffId') is not null`, gt(sessions.expiresAt, now)))
    .all();
  return rows.map((r) => ({
    key: sessionKey(r.id),
    id: r.id,
    staffId: Number(r.staffId),
    signedInAt: r.signedInAt == null ? null : new Date(r.signedInAt),
    expiresAt: r.expiresAt,
  }));
}

/** A stable, non-secret name for a session (its id is the cookie's secret). */
export function sessionKey(id: string) {
  return crypto.createHash("sha256").update(`session:${id}`).digest("base64url").slice(0, 16);
}

export type StaffChange =
  | { ok: true; message: string }
  | { ok: false; message: string; field?: "username" | "password" | "staffId" | "code" };

export async function addStaffMember(
  actor: StaffIdentity,
  input: { username: string; password: string },
  database: DB = db(),
): Promise<StaffChange> {
  const passwordHash = await hashPassword(input.password);
  return database.transaction((tx) => {
    const taken = tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(sql`lower(${staffUsers.username})`, input.username.toLowerCase()))
      .get();
    if (taken)
      return {
        ok: false as const,
        message: `"${input.username}" is already a staff member`,
        field: "username" as const,
      };
    const row = tx.insert(staffUsers).values({ username: input.username, passwordHash }).returning().get();
    recordAudit(
      {
        staff: actor,
        action: "staff.add",
        entityType: "staff",
        entityId: row.id,
        after: { username: row.username },
      },
      tx,
    );
    return {
      ok: true as const,
      message: `Added ${row.username}. Give them their password in person; they should set up two-factor at first sign-in.`,
    };
  }, IMMEDIATE);
}

export async function resetStaffPassword(
  actor: StaffIdentity,
  input: { staffId: number; password: string },
  database: DB = db(),
): Promise<StaffChange> {
  const passwordHash = await hashPassword(input.password);
  return database.transaction((tx) => {
    const user = tx.select().from(staffUsers).where(eq(staffUsers.id, input.staffId)).get();
    if (!user) return { ok: false as const, message: "No such staff member", field: "staffId" as const };
    tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, user.id)).run();
    const ended = endStaffSessions(user.id, null, tx);
    recordAudit(
      {
        staff: actor,
        action: "staff.password-reset",
        entityType: "staff",
        entityId: user.id,
        after: { username: user.username, endedSessions: ended },
      },
      tx,
    );
    return {
      ok: true as const,
      message: `New password set for ${user.username}; ${ended} session(s) ended.`,
    };
  }, IMMEDIATE);
}

export function removeStaffMember(actor: StaffIdentity, staffId: number, database: DB = db()): StaffChange {
  return database.transaction((tx) => {
    const user = tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).get();
    if (!user) return { ok: false as const, message: "No such staff member", field: "staffId" as const };
    if (countStaff(tx) <= 1)
      return { ok: false as const, message: "The last staff account cannot be removed" };
    const ended = endStaffSessions(user.id, null, tx);
    tx.delete(staffUsers).where(eq(staffUsers.id, user.id)).run();
    recordAudit(
      {
        staff: actor,
        action: "staff.remove",
        entityType: "staff",
        entityId: user.id,
        before: { username: user.username },
        after: { endedSessions: ended },
      },
      tx,
    );
    return { ok: true as const, message: `Removed ${user.username}; ${ended} session(s) ended.` };
  }, IMMEDIATE);
}

export function endStaffSession(actor: StaffIdentity, key: string, database: DB = db()): StaffChange {
  return database.transaction((tx) => {
    const session = listStaffSessions(tx as unknown as DB).find((s) => s.key === key);
    if (!session) return { ok: false as const, message: "That session has already ended" };
    tx.delete(sessions).where(eq(sessions.id, session.id)).run();
    recordAudit(
      {
        staff: actor,
        action: "staff.session-end",
        entityType: "staff",
        entityId: session.staffId,
        after: { session: key },
      },
      tx,
    );
    return { ok: true as const, message: "Session ended." };
  }, IMMEDIATE);
}

/** Whether a member has a second factor (the sign-in then asks for a code). */
export function hasTwoFactor(staffId: number, database: DB = db()) {
  const row = database
    .select({ on: staffUsers.totpEnabledAt })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId))
    .get();
  return row?.on != null;
}

export function twoFactorRequired(database: DB = db()) {
  return (
    database.select().from(siteSettings).where(eq(siteSettings.key, TWO_FACTOR_REQUIRED)).get()?.value ===
    "on"
  );
}

export function setTwoFactorRequired(actor: StaffIdentity, on: boolean, database: DB = db()): StaffChange {
  return database.transaction((tx) => {
    if (on && !hasTwoFactor(actor.id, tx as unknown as DB))
      return { ok: false as const, message: "Set up your own two-factor sign-in first" };
    const before = twoFactorRequired(tx as unknown as DB);
    tx.insert(siteSettings)
      .values({ key: TWO_FACTOR_REQUIRED, value: on ? "on" : "off", updatedAt: new Date() })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: on ? "on" : "off", updatedAt: new Date() },
      })
      .run();
    recordAudit(
      {
        staff: actor,
        action: "staff.two-factor-policy",
        entityType: "settings",
        before: { required: before },
        after: { required: on },
      },
      tx,
    );
    return {
      ok: true as const,
      message: on
        ? "Two-factor sign-in is now required for every staff account."
        : "Two-factor sign-in is no longer required.",
    };
  }, IMMEDIATE);
}

/** Turns a member's second factor on with the secret they scanned and a code that proves it. */
export function enableTwoFactor(
  actor: StaffIdentity,
  input: { secret: string; code: string; recoveryCodes: string[] },
  database: DB = db(),
): StaffChange {
  const step = acceptedTotpStep(input.secret, input.code, null);
  if (step == null)
    return {
      ok: false,
      message: "That code does not match; check the phone's clock and try the next one",
      field: "code",
    };
  return database.transaction((tx) => {
    tx.update(staffUsers)
      .set({ totpSecret: input.secret, totpEnabledAt: new Date(), totpLastStep: step })
      .where(eq(staffUsers.id, actor.id))
      .run();
    tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, actor.id)).run();
    for (const code of input.recoveryCodes)
      tx.insert(staffRecoveryCodes)
        .values({ staffUserId: actor.id, codeHash: hashRecoveryCode(code) })
        .run();
    recordAudit(
      {
        staff: actor,
        action: "staff.two-factor-on",
        entityType: "staff",
        entityId: actor.id,
        after: { recoveryCodes: input.recoveryCodes.length },
      },
      tx,
    );
    return { ok: true as const, message: "Two-factor sign-in is on." };
  }, IMMEDIATE);
}

/** Clears a member's second factor (their own, or another's who lost their phone); audited. */
export function clearTwoFactor(
  actor: StaffIdentity | null,
  staffId: number,
  database: DB = db(),
): StaffChange {
  return database.transaction((tx) => {
    const user = tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).get();
    if (!user) return { ok: false as const, message: "No such staff member", field: "staffId" as const };
    tx.update(staffUsers)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(staffUsers.id, staffId))
      .run();
    tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, staffId)).run();
    // Their sessions end too: whoever holds their phone (or the old one) starts again.
    const ended = staffId === actor?.id ? 0 : endStaffSessions(staffId, null, tx);
    recordAudit(
      {
        staff: actor,
        action: "staff.two-factor-off",
        entityType: "staff",
        entityId: staffId,
        before: { username: user.username },
        after: { endedSessions: ended },
      },
      tx,
    );
    return { ok: true as const, message: `Two-factor sign-in cleared for ${user.username}.` };
  }, IMMEDIATE);
}

/**
 * The sign-in's second step: a current code from the member's app (each 30-second step once)
 * or one of their unused recovery codes (then used up). One transaction: two tabs cannot spend
 * the same code.
 */
export function checkSecondFactor(
  staffId: number,
  code: string,
  database: DB = db(),
): "totp" | "recovery" | null {
  return database.transaction((tx) => {
    const user = tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).get();
    if (!user?.totpSecret || !user.totpEnabledAt) return null;
    const step = acceptedTotpStep(user.totpSecret, code, user.totpLastStep);
    if (step != null) {
      tx.update(staffUsers)
        .set({ totpLastStep: step, lastLoginAt: new Date() })
        .where(eq(staffUsers.id, staffId))
        .run();
      return "totp" as const;
    }
    if (!looksLikeRecoveryCode(code)) return null;
    const used = tx
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRecoveryCodes.staffUserId, staffId),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .run().changes;
    if (!used) return null;
    recordAudit(
      {
        staff: { id: user.id, username: user.username },
        action: "staff.recovery-code-used",
        entityType: "staff",
        entityId: user.id,
      },
      tx,
    );
    return "recovery" as const;
  }, IMMEDIATE);
}
