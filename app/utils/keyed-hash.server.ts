import crypto from "node:crypto";
import { getEnv } from "./env.server";

/**
 * A keyed hash (HMAC-SHA256 under a key derived from SESSION_SECRET, per purpose), for values
 * the site must be able to match later but should not keep: the IP address a consent was given
 * from (issue 39). Without the secret, the hash cannot be reversed by trying every IPv4 address.
 * Changing SESSION_SECRET changes the hashes of new records; old ones keep theirs.
 */
const keys = new Map<string, Buffer>();

export function keyedHash(purpose: "consent-ip", value: string): string {
  const secret = getEnv().SESSION_SECRET;
  let key = keys.get(`${purpose}|${secret}`);
  if (!key) {
    key = crypto.createHmac("sha256", secret).update(`laugh-windsor:${purpose}`).digest();
    keys.set(`${purpose}|${secret}`, key);
  }
  return crypto.createHmac("sha256", key).update(value).digest("hex").slice(0, 32);
}
