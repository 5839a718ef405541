import crypto from "node:crypto";

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A new random token of `bytes` random bytes (at most 64): session and device ids, vote
 * tokens, CSP nonces, secret links. Drawn from a buffer of the system's CSPRNG refilled 4 KB at
 * a time, as Node's own randomUUID does: issue 20 found one getrandom call per token (a nonce,
 * a device id and a vote token on every /vote) at 5 % of the vote page's time.
 */
export function newRandomToken(bytes = 16, encoding: "base64url" | "base64" = "base64url"): string {
  if (bytes < 1 || bytes > 64) throw new RangeError("a token is 1 to 64 bytes");
  if (offset + bytes > pool.length) {
    // A fresh buffer: a token handed out earlier never shares memory that is refilled.
    pool = crypto.randomBytes(POOL_BYTES);
    offset = 0;
  }
  const token = pool.toString(encoding, offset, offset + bytes);
  // Used bytes are wiped: a later read of the pool cannot reveal a token given out.
  pool.fill(0, offset, offset + bytes);
  offset += bytes;
  return token;
}
