import crypto from "node:crypto";
import { isToken } from "~/lib/ids";
import { getEnv } from "./env.server";
import { newTimeOrderedToken } from "./random.server";
import { ONE_YEAR, signedDeviceCookie } from "./signed-cookie.server";

/**
 * A random id per phone (time-ordered; signed, httpOnly, a year long), issued when /vote is
 * loaded: one vote per round per device, the receipt is shown only to it, and it keys the
 * per-device budgets. It identifies no one.
 */
const deviceCookie = signedDeviceCookie("vote_device");

/** The id in a valid device cookie, or null (never mints one: votes need a cookie the server issued). */
export async function readDeviceId(request: Request): Promise<string | null> {
  return deviceIdFromCookieHeader(request.headers.get("Cookie"));
}

/** This device's id, and the Set-Cookie to send when it is new. */
export async function getDeviceId(request: Request): Promise<{ deviceId: string; setCookie: string | null }> {
  const deviceId = deviceIdFromCookieHeader(request.headers.get("Cookie"));
  return deviceId ? { deviceId, setCookie: null } : mintDevice();
}

/*
 * Issue 20: the same cookie as Remix's createCookie("vote_device", { secrets }) writes and reads
 * (value = base64 of the JSON string, then cookie-signature's "value.HMAC-SHA256-base64"), but
 * read and signed synchronously: the cached /vote page and the vote post do this per request,
 * and the async Web Crypto round trips were a visible share of their time.
 */
const COOKIE_NAME = "vote_device";

function signature(value: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");
}

/** The device id in a Cookie header when its signature is ours, else null. */
export function deviceIdFromCookieHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  let raw: string | undefined;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq).trim() !== COOKIE_NAME) continue;
    raw = pair.slice(eq + 1).trim();
    break; // the first one counts (as the `cookie` package parses)
  }
  if (!raw) return null;
  if (raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
  let signed: string;
  try {
    signed = raw.includes("%") ? decodeURIComponent(raw) : raw;
  } catch {
    return null;
  }
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const expected = Buffer.from(`${value}.${signature(value, getEnv().SESSION_SECRET)}`);
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let id: unknown;
  try {
    id = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return null;
  }
  return typeof id === "string" && isToken(id) ? id : null;
}

/**
 * When a device id was minted (ms), from its time prefix (newTimeOrderedToken); null for an id
 * without one (a cookie from before issue 20, so an old one). The cookie is signed, so the prefix
 * cannot be made up.
 */
export function deviceIssuedAt(id: string): number | null {
  const ms = parseInt(id.slice(0, 9), 36);
  if (!/^[0-9a-z]{9}/.test(id) || !Number.isFinite(ms) || ms < 1.6e12 || ms > Date.now() + 60_000)
    return null;
  return ms;
}

/** A new device id: random, and in the order phones were first seen (see newTimeOrderedToken). */
export function newDeviceId(now = Date.now()) {
  return newTimeOrderedToken(16, now);
}

/** A device cookie's value for `id`, signed with `secret` (what deviceCookie().serialize(id) writes). */
export function signedDeviceValue(id: string, secret: string): string {
  const value = Buffer.from(JSON.stringify(id)).toString("base64");
  return encodeURIComponent(`${value}.${signature(value, secret)}`);
}

/**
 * A new device id and its Set-Cookie (what deviceCookie().serialize(id) gives). Never the same
 * one twice; its time prefix says when it was issued.
 */
export function mintDevice(): { deviceId: string; setCookie: string } {
  const env = getEnv();
  const secure = env.NODE_ENV === "production" ? "; Secure" : "";
  const deviceId = newDeviceId();
  const signed = signedDeviceValue(deviceId, env.SESSION_SECRET);
  return {
    deviceId,
    setCookie: `${COOKIE_NAME}=${signed}; Max-Age=${ONE_YEAR}; Path=/; HttpOnly${secure}; SameSite=Lax`,
  };
}

/** The Remix cookie object (tests check both ways agree). */
export function deviceCookieForTests() {
  return deviceCookie();
}

/** A fresh vote token for each rendered form: the server recognises a retried post by it. */
export function newVoteToken() {
  return newTimeOrderedToken(16);
}
