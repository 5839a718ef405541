import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, staffUsers } from "~/db/schema";
import { countStaff, endStaffSessions, removeStaff, upsertStaff } from "~/models/staff.server";
import { createTestDb } from "../../support/db";

describe("staff accounts: reset and removal end sessions", () => {
  const sessionFor = (db: ReturnType<typeof createTestDb>, staffId: number) => {
    const id = crypto.randomBytes(12).toString("hex");
    db.insert(sessions)
      .values({ id, data: { staffId }, expiresAt: new Date(Date.now() + 3600_000) })
      .run();
    return id;
  };

  it("a password reset ends every session of that member and no one else's", async () => {
    const db = createTestDb();
    const sam = await upsertStaff("sam", "first-password-1", db);
    const kim = await upsertStaff("kim", "first-password-2", db);
    sessionFor(db, sam.id);
    sessionFor(db, sam.id);
    const kims = sessionFor(db, kim.id);
    const reset = await upsertStaff("sam", "second-password", db);
    expect(reset).toMatchObject({ created: false, endedSessions: 2 });
    expect(
      db
        .select()
        .from(sessions)
        .all()
        .map((s) => s.id),
    ).toEqual([kims]);
    expect(endStaffSessions(kim.id, kims, db)).toBe(0);
  });

  it("removes an account and its sessions, but never the last account", async () => {
    const db = createTestDb();
    const sam = await upsertStaff("sam", "first-password-1", db);
    await upsertStaff("kim", "first-password-2", db);
    sessionFor(db, sam.id);
    expect(removeStaff("nobody", db)).toEqual({ status: "not-found" });
    expect(removeStaff("SAM", db)).toEqual({ status: "removed", username: "sam", endedSessions: 1 });
    expect(db.select().from(staffUsers).where(eq(staffUsers.id, sam.id)).get()).toBeUndefined();
    expect(db.select().from(sessions).all()).toHaveLength(0);
    expect(removeStaff("kim", db)).toEqual({ status: "last-account" });
    expect(countStaff(db)).toBe(1);
  });
});
