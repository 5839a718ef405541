import { isToken } from "~/lib/ids";
import { newRandomToken, signedDeviceCookie } from "./signed-cookie.server";

/**
 * A random id per phone (signed, httpOnly, a year long), issued when /vote is loaded: one vote
 * per round per device, the receipt is shown only to it, and it keys the per-device budgets.
 * It identifies no one.
 */
const deviceCookie = signedDeviceCookie("vote_device");

/** The id in a valid device cookie, or null (never mints one: votes need a cookie the server issued). */
export async function readDeviceId(request: Request): Promise<string | null> {
  const value = await deviceCookie().parse(request.headers.get("Cookie")).catch(() => null);
  return isToken(value) ? value : null;
}

/** This device's id, and the Set-Cookie to send when it is new. */
export async function getDeviceId(request: Request): Promise<{ deviceId: string; setCookie: string | null }> {
  const value = await deviceCookie().parse(request.headers.get("Cookie"));
  if (isToken(value)) return { deviceId: value, setCookie: null };
  const deviceId = newRandomToken(16);
  return { deviceId, setCookie: await deviceCookie().serialize(deviceId) };
}

/** A fresh vote token for each rendered form: the server recognises a retried post by it. */
export function newVoteToken() {
  return newRandomToken(16);
}
