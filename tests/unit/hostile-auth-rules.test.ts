import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sessions, staffUsers } from "~/db/schema";
import { canonicalEmail } from "~/lib/canonical-email";
import {
  codeFromBytes,
  currentRoomCode,
  isRoomCodeAccepted,
  parseRoomCode,
  ROOM_CODE_PERIOD_MS,
} from "~/lib/room-code";
import { isValidEmail } from "~/lib/vote";
import { bursts, deviceWithManyEmails } from "~/lib/vote-patterns";
import { countStaff, endStaffSessions, removeStaff, upsertStaff } from "~/models/staff.server";
import { ATTEMPT_LIMITS, reserveAttempt, resetAttemptBudgets, spent } from "~/utils/rate-limit.server";
import { createTestDb } from "../support/db";

describe("canonical e-mail: variants of one mailbox are one voter", () => {
  it("folds gmail dots, +tags and googlemail into one key", () => {
    const key = canonicalEmail("ab@gmail.com");
    for (const variant of [
      "a.b@gmail.com",
      "ab+x@gmail.com",
      "ab@googlemail.com",
      "A.B+votes@GoogleMail.com",
      " ab@gmail.com ",
    ]) {
      expect(canonicalEmail(variant), variant).toBe(key);
    }
  });

  it("drops a trailing dot, zero-width, control and NUL characters, and applies NFKC", () => {
    expect(canonicalEmail("fan@example.com.")).toBe("fan@example.com");
    expect(canonicalEmail("fan@example.com..")).toBe("fan@example.com");
    expect(canonicalEmail("f\u200Ban@example.com")).toBe("fan@example.com");
    expect(canonicalEmail("fan\u0000@example.com")).toBe("fan@example.com");
    expect(canonicalEmail("\uFEFFfan@exa\u200Dmple.com\u0007")).toBe("fan@example.com");
    expect(canonicalEmail("ｆａｎ@ｅｘａｍｐｌｅ.com")).toBe("fan@example.com");
    expect(canonicalEmail("FAN@EXAMPLE.COM")).toBe("fan@example.com");
  });

  it("keeps other providers' dots and +tags (they can be different mailboxes)", () => {
    expect(canonicalEmail("a.b@example.com")).not.toBe(canonicalEmail("ab@example.com"));
    expect(canonicalEmail("a+b@example.com")).toBe("a+b@example.com");
  });

  it("refuses an address whose key is not an address", () => {
    expect(isValidEmail("+x@gmail.com")).toBe(false);
    expect(isValidEmail("\u200B@example.com")).toBe(false);
    expect(isValidEmail("a\u0000b@example.com")).toBe(true);
  });
});

describe("room code rotation", () => {
  const derive = (period: number) =>
    codeFromBytes(crypto.createHmac("sha256", "secret").update(String(period)).digest());
  const t0 = 1_800_000_000_000 - (1_800_000_000_000 % ROOM_CODE_PERIOD_MS);

  it("is six digits, the same through a period, different in the next", () => {
    const a = currentRoomCode(derive, t0 + 1000);
    expect(a.code).toMatch(/^\d{6}$/);
    expect(currentRoomCode(derive, t0 + ROOM_CODE_PERIOD_MS - 1).code).toBe(a.code);
    expect(a.changesAt).toBe(t0 + ROOM_CODE_PERIOD_MS);
    expect(currentRoomCode(derive, t0 + ROOM_CODE_PERIOD_MS).code).not.toBe(a.code);
  });

  it("accepts the current and the previous code only, however it is typed", () => {
    const now = t0 + 2 * ROOM_CODE_PERIOD_MS + 5000;
    const current = currentRoomCode(derive, now).code;
    const previous = currentRoomCode(derive, now - ROOM_CODE_PERIOD_MS).code;
    const older = currentRoomCode(derive, now - 2 * ROOM_CODE_PERIOD_MS).code;
    expect(isRoomCodeAccepted(current, derive, now)).toBe(true);
    expect(isRoomCodeAccepted(`${current.slice(0, 3)} ${current.slice(3)}`, derive, now)).toBe(true);
    expect(isRoomCodeAccepted(previous, derive, now)).toBe(true);
    if (older !== current && older !== previous) expect(isRoomCodeAccepted(older, derive, now)).toBe(false);
    expect(parseRoomCode("12345")).toBeNull();
    expect(parseRoomCode("abc123")).toBeNull();
    expect(parseRoomCode("１２３４５６")).toBe("123456");
  });
});

describe("attempt budgets: decided before the secret, atomically", () => {
  beforeEach(() => resetAttemptBudgets());

  it("lets at most the budget through when many attempts arrive at once", async () => {
    const n = ATTEMPT_LIMITS.loginUser.points;
    const attempts = await Promise.all(
      Array.from({ length: 100 }, () =>
        reserveAttempt([
          ["loginUser", "alice"],
          ["loginIp", "1.2.3.4"],
        ]),
      ),
    );
    expect(attempts.filter((a) => a.ok)).toHaveLength(n);
    const refused = attempts.find((a) => !a.ok);
    expect(refused && !refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
    // The refused attempts did not spend the IP budget they never used.
    expect(await spent("loginIp", "1.2.3.4")).toBe(n);
  });

  it("gives the point back after a right secret, keeps it after a wrong one", async () => {
    for (let i = 0; i < 20; i++) {
      const a = await reserveAttempt([["gateIp", "results:ip"]]);
      if (!a.ok) throw new Error("refused");
      await a.settle(true);
    }
    expect(await spent("gateIp", "results:ip")).toBe(0);
    for (let i = 0; i < ATTEMPT_LIMITS.gateIp.points; i++) {
      const a = await reserveAttempt([["gateIp", "results:ip"]]);
      if (!a.ok) throw new Error("refused early");
      await a.settle(false);
    }
    // Over budget: refused before anything is compared, whatever the password would be.
    expect((await reserveAttempt([["gateIp", "results:ip"]])).ok).toBe(false);
    // Another key (a trusted device) is untouched by those failures.
    expect((await reserveAttempt([["gateDevice", "results:device"]])).ok).toBe(true);
  });
});

describe("suspicious vote patterns", () => {
  it("lists a device refused with many e-mails and a burst from one IP", () => {
    const at = 1_800_000_000_000;
    const refusals = ["a@x.co", "b@x.co", "c@x.co", "c@x.co"].map((emailKey, i) => ({
      deviceId: "device-stuffer",
      emailKey,
      ip: "1.1.1.1",
      at: at + i,
    }));
    refusals.push({ deviceId: "device-honest", emailKey: "me@x.co", ip: "1.1.1.1", at });
    expect(deviceWithManyEmails(refusals)).toEqual([
      { device: "device", emails: 3, refusals: 4, lastAt: at + 3 },
    ]);
    const votes = Array.from({ length: 40 }, (_, i) => ({ ip: "2.2.2.2", at: at + i * 100 }));
    votes.push({ ip: "3.3.3.3", at });
    const found = bursts(votes);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ip: "2.2.2.2", votes: 40 });
  });
});

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
