import crypto from "node:crypto";
import { addDaysIso } from "~/lib/dates";
import { LINK_DAYS } from "~/lib/partner-report";
import { zonedInstant } from "~/lib/zoned-time";
import { getEnv } from "./env.server";

/**
 * The signed read-only link of a partner report (issue 41): /partners/{token}, where the token
 * names the venue and the instant it stops working, signed with a key derived from
 * SESSION_SECRET. Nothing is stored: a link cannot be widened to another venue or a later
 * expiry without the key, and a new SESSION_SECRET ends every link.
 */
let cached: { secret: string; key: Buffer } | null = null;

function key(secret: string): Buffer {
  if (cached?.secret !== secret) {
    cached = {
      secret,
      key: Buffer.from(crypto.hkdfSync("sha256", secret, "", "laugh-windsor partner links v1", 32)),
    };
  }
  return cached.key;
}

const sign = (payload: string, secret: string) =>
  crypto.createHmac("sha256", key(secret)).update(payload).digest("base64url");

/** `secret`: the server's SESSION_SECRET (given by tests that sign a link for a server of theirs). */
export function partnerLinkToken(venueId: number, expires: Date, secret = getEnv().SESSION_SECRET): string {
  const payload = `${venueId}.${Math.floor(expires.getTime() / 1000)}`;
  return `${payload}.${sign(payload, secret)}`;
}

const TOKEN = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The venue a token opens, "expired", or null (malformed or not signed by this site). */
export function readPartnerToken(
  token: string,
  now = new Date(),
): { venueId: number; expires: Date } | "expired" | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const given = Buffer.from(m[3]);
  const expected = Buffer.from(sign(`${m[1]}.${m[2]}`, getEnv().SESSION_SECRET));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const expires = new Date(Number(m[2]) * 1000);
  return expires <= now ? "expired" : { venueId: Number(m[1]), expires };
}

/**
 * The report's read-only address and the last day it works (business zone): it opens the
 * report until the end of that day, LINK_DAYS days from the week's Monday.
 */
export function partnerReportLink(
  venueId: number,
  week: string,
  origin: string,
  zone: string,
  secret = getEnv().SESSION_SECRET,
) {
  const expires = zonedInstant(addDaysIso(week, LINK_DAYS), "00:00", zone);
  return {
    url: `${origin}/partners/${partnerLinkToken(venueId, expires, secret)}`,
    lastDay: addDaysIso(week, LINK_DAYS - 1),
  };
}
