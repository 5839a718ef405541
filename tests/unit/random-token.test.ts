import { describe, expect, it } from "vitest";
import { newRandomToken } from "~/utils/random.server";

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
});
