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

/**
 * A random token that sorts by the time it was made: the milliseconds since 1970 in base 36
 * (nine characters, fixed length until the year 5188), then `newRandomToken(bytes)`. For the
 * ids that become keys of a database index, the vote token and the device id (issue 20): a
 * random key puts each new row on its own page of the index, and every page a batch of votes
 * touches is written to the WAL at its commit. `npm run bench -- --growth` measures the vote
 * store both ways (bench/growth-s11-store.md: 85–99 µs a vote with random tokens and device ids,
 * 50–57 µs with these; e-mails in no order in both). The random part is as long as before; what
 * the prefix tells is when a form or a phone's cookie was issued.
 * (A UUIDv7 keeps 74 random bits and counts within a millisecond; this keeps all of `bytes`.)
 */
export function newTimeOrderedToken(bytes = 16, now = Date.now()): string {
  return `${now.toString(36).padStart(TIME_PREFIX_LENGTH, "0")}${newRandomToken(bytes)}`;
}
const TIME_PREFIX_LENGTH = 9;
