import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmacSha256 } from "~/utils/hmac.server";

/** What Node's own HMAC gives: the reference this one must match byte for byte. */
const reference = (key: string | Buffer, message: string) =>
  crypto.createHmac("sha256", key).update(message, "utf8").digest();

describe("hmacSha256 (one-shot hashes over precomputed pads)", () => {
  it("matches createHmac for keys shorter than, equal to and longer than a block, and for every message length up to past the scratch", () => {
    const keys = [
      "",
      "k",
      "x".repeat(63),
      "x".repeat(64),
      "x".repeat(65),
      "é".repeat(40), // 80 bytes of UTF-8: hashed down first
      crypto.randomBytes(32),
      crypto.randomBytes(200),
    ];
    for (const key of keys) {
      const sign = hmacSha256(key);
      for (let length = 0; length <= 300; length += 1) {
        const message = crypto.randomBytes(length).toString("base64").slice(0, length);
        expect(sign(message, "buffer").equals(reference(key, message))).toBe(true);
        expect(sign(message, "base64")).toBe(reference(key, message).toString("base64"));
      }
    }
  });

  it("matches createHmac for non-ASCII messages, including one cut at the end of the scratch", () => {
    const sign = hmacSha256("secret");
    for (const message of [
      "ünïcødé",
      "🎤".repeat(64),
      "a".repeat(254) + "🎤",
      "a".repeat(255) + "é",
      "\u0000\uffff",
    ])
      expect(sign(message, "buffer").equals(reference("secret", message))).toBe(true);
  });

  it("gives the same signature however calls with other messages and keys are interleaved", () => {
    const a = hmacSha256("key a");
    const b = hmacSha256("key b");
    const first = a("the same message", "base64");
    b("x".repeat(1000), "base64");
    a("y".repeat(10), "buffer");
    expect(a("the same message", "base64")).toBe(first);
    expect(first).toBe(reference("key a", "the same message").toString("base64"));
  });
});
