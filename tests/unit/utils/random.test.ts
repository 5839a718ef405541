import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { TOKEN_PATTERN } from "~/lib/ids";
import { newRandomToken, newTimeOrderedToken } from "~/utils/random.server";
import { newDeviceId, newVoteToken } from "~/utils/vote-device.server";

describe("random tokens (device ids, vote tokens, nonces, secret links)", () => {
  it("never repeat, across many refills of the pool, and have the length their bytes give", () => {
    const tokens = Array.from({ length: 3000 }, (_, i) => newRandomToken(i % 2 ? 16 : 24));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const [i, token] of tokens.entries()) {
      expect(token).toMatch(i % 2 ? /^[A-Za-z0-9_-]{22}$/ : /^[A-Za-z0-9_-]{32}$/);
    }
  });

  it("a nonce is base64 of 16 bytes; a token is never all zero bytes (a wiped pool reused)", () => {
    expect(newRandomToken(16, "base64")).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const zero = Buffer.alloc(16).toString("base64url");
    for (let i = 0; i < 600; i++) expect(newRandomToken(16)).not.toBe(zero);
  });

  it("refuses sizes it cannot give", () => {
    expect(() => newRandomToken(0)).toThrow(RangeError);
    expect(() => newRandomToken(65)).toThrow(RangeError);
  });

  it("time-ordered tokens sort as they were made, in JavaScript and in SQLite, and keep their random part", () => {
    // Across the places where base 36 changes from digits to letters and the years to come.
    const times = [
      0,
      35,
      36,
      Date.UTC(2026, 10, 24),
      Date.UTC(2026, 10, 24) + 1,
      Date.UTC(2059, 0, 1),
      Date.UTC(2400, 0, 1),
    ];
    const made = times.map((t) => newTimeOrderedToken(16, t));
    const shuffled = [...made].reverse();
    expect([...shuffled].sort()).toEqual(made);
    const db = new Database(":memory:");
    db.exec("create table t (k text primary key)");
    for (const k of shuffled) db.prepare("insert into t values (?)").run(k);
    expect(db.prepare("select k from t order by k").pluck().all()).toEqual(made);
    for (const token of made) {
      expect(token).toMatch(/^[0-9a-z]{9}[A-Za-z0-9_-]{22}$/);
      expect(token).toMatch(TOKEN_PATTERN);
    }
    const sameMoment = Array.from({ length: 500 }, () => newTimeOrderedToken(16, 1_800_000_000_000));
    expect(new Set(sameMoment).size).toBe(500);
  });

  it("vote tokens and device ids are time-ordered, so a room's votes land at the end of their indexes", () => {
    const before = newTimeOrderedToken(16, Date.now() - 1);
    for (const id of [newVoteToken(), newDeviceId()]) {
      expect(id).toMatch(TOKEN_PATTERN);
      expect(id > before).toBe(true);
      expect(id < newTimeOrderedToken(16, Date.now() + 1)).toBe(true);
    }
  });
});
