import crypto from "node:crypto";

const BLOCK = 64; // SHA-256's block size in bytes
const DIGEST = 32;

/**
 * HMAC-SHA256 with a fixed key (RFC 2104: H((K ^ opad) || H((K ^ ipad) || message))), the same
 * bytes as `crypto.createHmac("sha256", key)`, from two one-shot hashes (`crypto.hash`, Node
 * 20.12+) over pads worked out once per key.
 *
 * Issue 20: `createHmac` makes a native object per call, and the garbage collector has to
 * finalise each one. The cached /vote signs a device cookie for every first visit and every vote
 * post checks one: under a room's burst that was 15 µs a request in the server, ten times what
 * the hash itself costs. Here a call allocates nothing but its result (the message is written
 * into a scratch buffer; the calls are synchronous, so one scratch per key is safe).
 * `tests/unit/hmac.test.ts` checks it against `createHmac` for keys and messages of every length.
 */
export function hmacSha256(key: string | Buffer) {
  let k = typeof key === "string" ? Buffer.from(key, "utf8") : key;
  if (k.length > BLOCK) k = crypto.hash("sha256", k, "buffer");
  const inner = Buffer.alloc(BLOCK + 256, 0x36);
  const outer = Buffer.alloc(BLOCK + DIGEST, 0x5c);
  for (let i = 0; i < k.length; i++) {
    inner[i] ^= k[i];
    outer[i] ^= k[i];
  }
  const ipad = Buffer.from(inner.subarray(0, BLOCK));

  function sign(message: string, encoding: "base64"): string;
  function sign(message: string, encoding: "buffer"): Buffer;
  function sign(message: string, encoding: "base64" | "buffer"): string | Buffer {
    const written = inner.write(message, BLOCK, "utf8");
    const input =
      written === Buffer.byteLength(message, "utf8")
        ? inner.subarray(0, BLOCK + written)
        : Buffer.concat([ipad, Buffer.from(message, "utf8")]); // longer than the scratch
    outer.write(crypto.hash("sha256", input, "binary"), BLOCK, "binary"); // "binary" is latin1: one byte a char
    return encoding === "buffer"
      ? crypto.hash("sha256", outer, "buffer")
      : crypto.hash("sha256", outer, "base64");
  }
  return sign;
}
