import { isToken } from "~/lib/ids";
import { newRandomToken } from "./random.server";
import { signedDeviceCookie } from "./signed-cookie.server";

/**
 * OWASP's "device cookie": after a browser signs in as a staff member (or unlocks a shared
 * gate) it gets a signed cookie naming what it has proved. Later attempts from it for the
 * same account or gate are counted under its own budget, not the account's, so failures by
 * someone else cannot lock it out. It grants no access by itself: the password is still
 * checked every time.
 */
const MAX_PRINCIPALS = 8;

export type Principal = `staff:${string}` | `gate:${string}`;
export type TrustedDevice = { id: string; principals: string[] };

const deviceCookie = signedDeviceCookie("__device");

/** The device cookie, if it is present and its signature holds. */
export async function readTrustedDevice(request: Request): Promise<TrustedDevice | null> {
  const value = (await deviceCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null)) as unknown;
  if (!value || typeof value !== "object") return null;
  const { id, principals } = value as Partial<TrustedDevice>;
  if (!isToken(id) || !Array.isArray(principals)) return null;
  return {
    id,
    principals: principals.filter((p): p is string => typeof p === "string").slice(0, MAX_PRINCIPALS),
  };
}

export function isTrustedFor(device: TrustedDevice | null, principal: Principal): device is TrustedDevice {
  return device !== null && device.principals.includes(principal);
}

/** The Set-Cookie that adds `principal` to this browser's device cookie (newest kept first). */
export async function trustDevice(device: TrustedDevice | null, principal: Principal): Promise<string> {
  const id = device?.id ?? newRandomToken(18);
  const principals = [principal, ...(device?.principals ?? []).filter((p) => p !== principal)].slice(
    0,
    MAX_PRINCIPALS,
  );
  return deviceCookie().serialize({ id, principals } satisfies TrustedDevice);
}
