import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sessions, staffUsers } from "~/db/schema";
import { canonicalEmail } from "~/lib/canonical-email";
import {
  codeFromBytes,
  currentRoomCode,
  formatRoomCode,
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

  it("drops spaces around the whole value and around the @; a value without an @ is kept whole", () => {
    expect(canonicalEmail("fan @ example.com")).toBe("fan@example.com");
    expect(canonicalEmail("  Not-An-Address  ")).toBe("not-an-address");
    expect(canonicalEmail("nobody")).toBe("nobody");
    // An empty local part is folded like any other: the domain still loses dots and googlemail.
    expect(canonicalEmail("@googlemail.com.")).toBe("@gmail.com");
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

  it("refuses what cannot be a code: nothing typed, letters, or more than 40 characters", () => {
    const now = t0 + 5000;
    expect(parseRoomCode(null)).toBeNull();
    expect(parseRoomCode(undefined)).toBeNull();
    expect(isRoomCodeAccepted(null, derive, now)).toBe(false);
    expect(isRoomCodeAccepted("not a code", derive, now)).toBe(false);
    // Spaces around the digits are fine up to 40 characters in all.
    expect(parseRoomCode(`${" ".repeat(34)}482913`)).toBe("482913");
    expect(parseRoomCode(`${" ".repeat(35)}482913`)).toBeNull();
  });

  it("turns HMAC bytes into six digits by RFC 4226's dynamic truncation, zero-padded, shown as two groups", () => {
    // RFC 4226, section 5.4: offset 0xa, 0x50ef7f19 = 1357872921, six digits 872921.
    const rfc = Uint8Array.from(Buffer.from("1f8698690e02ca16618550ef7f19da8e945b555a", "hex"));
    expect(codeFromBytes(rfc)).toBe("872921");
    // RFC 4226, appendix D: HOTP-SHA1 of "12345678901234567890" for counters 0 to 2.
    const hotp = (counter: number) => {
      const msg = Buffer.alloc(8);
      msg.writeBigUInt64BE(BigInt(counter));
      return codeFromBytes(crypto.createHmac("sha1", "12345678901234567890").update(msg).digest());
    };
    expect([0, 1, 2].map(hotp)).toEqual(["755224", "287082", "359152"]);
    const small = new Uint8Array(20);
    small[3] = 5;
    expect(codeFromBytes(small)).toBe("000005");
    expect(formatRoomCode("482913")).toBe("482 913");
    expect(formatRoomCode("000005")).toBe("000 005");
  });
});

describe("attempt budgets: decided before the secret, atomically", () => {
  beforeEach(() => resetAttemptBudgets());

  it("lets at most the budget through when many attempts arrive at once", async () => {
    const n = ATTEMPT_LIMITS.loginIp.points;
    const attempts = await Promise.all(
      Array.from({ length: 100 }, () =>
        reserveAttempt([
          ["loginIp", "1.2.3.4"],
          ["gateIp", "results:1.2.3.4"],
        ]),
      ),
    );
    expect(attempts.filter((a) => a.ok)).toHaveLength(ATTEMPT_LIMITS.gateIp.points);
    expect(ATTEMPT_LIMITS.gateIp.points).toBeLessThan(n);
    const refused = attempts.find((a) => !a.ok);
    expect(refused && !refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused && !refused.ok && refused.limit).toBe("gateIp");
    // The refused attempts did not spend the other budget they never used.
    expect(await spent("loginIp", "1.2.3.4")).toBe(ATTEMPT_LIMITS.gateIp.points);
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

  it("lists a device from three distinct e-mails on, the most e-mails first, then the latest", () => {
    const at = 1_800_000_000_000;
    const refusal = (deviceId: string, emailKey: string, when: number) => ({
      deviceId,
      emailKey,
      ip: "1.1.1.1",
      at: when,
    });
    // Two e-mails, refused three times: not listed.
    const twice = ["a@x.co", "b@x.co", "a@x.co"].map((e, i) => refusal("device-twice", e, at + i));
    expect(deviceWithManyEmails(twice)).toEqual([]);
    expect(deviceWithManyEmails(twice, 2)).toEqual([
      { device: "device", emails: 2, refusals: 3, lastAt: at + 2 },
    ]);
    const events = [
      // Arrives newest first: the last refusal is still the latest time.
      ...["a", "b", "c"].map((e, i) => refusal("early-3", `${e}@x.co`, at + 100 - i)),
      ...["a", "b", "c"].map((e, i) => refusal("later-3", `${e}@x.co`, at + 200 + i)),
      ...["a", "b", "c", "d"].map((e, i) => refusal("most-4", `${e}@x.co`, at + i)),
    ];
    expect(deviceWithManyEmails(events)).toEqual([
      { device: "most-4", emails: 4, refusals: 4, lastAt: at + 3 },
      { device: "later-", emails: 3, refusals: 3, lastAt: at + 202 },
      { device: "early-", emails: 3, refusals: 3, lastAt: at + 100 },
    ]);
  });

  it("lists a minute with more than 30 votes from one IP, by clock minute, the biggest then the latest first", () => {
    const minute = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
    const votes = (ip: string | null, n: number, start: number) =>
      Array.from({ length: n }, (_, i) => ({ ip, at: start + i }));
    // Exactly 30 in one minute is not a burst; 31 is.
    expect(bursts(votes("2.2.2.2", 30, minute))).toEqual([]);
    expect(bursts(votes("2.2.2.2", 31, minute))).toEqual([{ ip: "2.2.2.2", minute, votes: 31 }]);
    // Votes without an address are not counted.
    expect(bursts(votes(null, 40, minute))).toEqual([]);
    // 40 votes straddling the turn of a minute are two minutes of 20.
    expect(bursts(votes("2.2.2.2", 40, minute + 60_000 - 20))).toEqual([]);
    const found = bursts([
      ...votes("4.4.4.4", 35, minute),
      ...votes("5.5.5.5", 35, minute + 60_000),
      ...votes("6.6.6.6", 50, minute + 5_000),
    ]);
    expect(found).toEqual([
      { ip: "6.6.6.6", minute, votes: 50 },
      { ip: "5.5.5.5", minute: minute + 60_000, votes: 35 },
      { ip: "4.4.4.4", minute, votes: 35 },
    ]);
    expect(bursts(votes("2.2.2.2", 31, minute), 31)).toEqual([]);
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

describe("canonical e-mail, issue 39: quoted local parts and look-alike domains", () => {
  it("a quoted local part is the mailbox its unquoted form names", () => {
    expect(canonicalEmail('"fan"@example.com')).toBe("fan@example.com");
    expect(canonicalEmail('"john.doe"@Example.com')).toBe(canonicalEmail("john.doe@example.com"));
    expect(canonicalEmail('"john\\.doe"@example.com')).toBe("john.doe@example.com");
    // Gmail's own folding applies after the quotes go.
    expect(canonicalEmail('"a.b+votes"@googlemail.com')).toBe("ab@gmail.com");
    // One that needs its quotes keeps them, escaped only where it must be.
    expect(canonicalEmail('"a b"@example.com')).toBe('"a b"@example.com');
    expect(canonicalEmail('"a\\ b"@example.com')).toBe('"a b"@example.com');
    expect(canonicalEmail('"a@b"@example.com')).toBe('"a@b"@example.com');
    // A lone quote is not a quoted local part.
    expect(canonicalEmail('"@example.com')).toBe('"@example.com');
  });

  it("a domain label mixing scripts is refused; one script per label (or CJK with Latin) is fine", () => {
    for (const lookalike of [
      "fan@gmаil.com",
      "fan@exаmple.com",
      "fan@раураl.com.evil",
      "fan@cafе.fr",
      // What a browser's e-mail field sends for gmаil.com: the same look-alike in punycode.
      "fan@xn--gmil-63d.com",
      // Punycode that does not decode.
      "fan@xn--zz-!!.com",
    ])
      expect(isValidEmail(lookalike), lookalike).toBe(false);
    for (const fine of [
      "fan@gmail.com",
      "fan@пример.рф",
      "fan@пример.com",
      "fan@café.fr",
      "fan@日本語kanji.jp",
      // пример.рф in punycode: one script per label.
      "fan@xn--e1afmkfd.xn--p1ai",
    ])
      expect(isValidEmail(fine), fine).toBe(true);
  });
});
