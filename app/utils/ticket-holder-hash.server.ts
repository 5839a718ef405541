import crypto from "node:crypto";
import { canonicalEmail } from "~/lib/canonical-email";
import { getEnv } from "./env.server";

/**
 * The keyed hash a ticket holder's e-mail is kept as (issue 41): HMAC-SHA256 of the canonical
 * e-mail (app/lib/canonical-email.ts, the vote's own key) with a key derived from
 * SESSION_SECRET. The address is never stored; a vote's e-mail hashed the same way finds its
 * ticket. A new SESSION_SECRET makes new hashes: the next read of the attendees stores them.
 */
let cached: { secret: string; key: Buffer } | null = null;

function key(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cached?.secret !== secret) {
    const derived = crypto.hkdfSync("sha256", secret, "", "laugh-windsor ticket holders v1", 32);
    cached = { secret, key: Buffer.from(derived) };
  }
  return cached.key;
}

export function ticketHolderHash(email: string): string {
  return crypto.createHmac("sha256", key()).update(canonicalEmail(email)).digest("hex");
}
