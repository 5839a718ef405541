import crypto from "node:crypto";
import { ipBudgetKey } from "~/lib/ip-budget";
import { getEnv } from "./env.server";
import { reserveAttempt, retryText, type AttemptKey } from "./rate-limit.server";
import { rotateSession } from "./session-rotation.server";
import { isTrustedFor, readTrustedDevice, trustDevice } from "./trusted-device.server";

/**
 * The shared-password gates (/booking for door staff, /results for the host), one rule for
 * both:
 * 1. a point is reserved on the budget before the password is compared (reserveAttempt in rate-limit.server), so a
 *    guess over budget is refused without comparing, even when the password is right, and
 *    parallel guesses cannot get more comparisons than the budget;
 * 2. a browser that has unlocked this gate before (trusted-device cookie) is counted on its
 *    own budget; others per IP and per gate overall;
 * 3. the password is compared in constant time (both sides hashed first);
 * 4. a right password gives the point back, rotates the session id and marks the device.
 */
export type GateName = "booking" | "results";
const SESSION_KEY = { booking: "bookingGate", results: "resultsGate" } as const;

function expected(gate: GateName) {
  const env = getEnv();
  return gate === "booking" ? env.BOOKING_PASSWORD : env.RESULTS_PASSWORD;
}

export function isGatePassword(gate: GateName, candidate: string): boolean {
  const want = expected(gate);
  const a = crypto.createHash("sha256").update(candidate).digest();
  const b = crypto.createHash("sha256").update(want).digest();
  return want !== "" && crypto.timingSafeEqual(a, b);
}

export type GateAttempt =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

const GATE_WRONG_PASSWORD = "Incorrect password. Please try again.";

export async function unlockGate(
  request: Request,
  gate: GateName,
  password: string,
  clientIp: string,
): Promise<GateAttempt> {
  const device = await readTrustedDevice(request);
  const principal = `gate:${gate}` as const;
  const keys: AttemptKey[] = isTrustedFor(device, principal)
    ? [["gateDevice", `${gate}:${device.id}`]]
    : [
        ["gateIp", `${gate}:${ipBudgetKey(clientIp)}`],
        ["gateAll", gate],
      ];
  const reservation = await reserveAttempt(keys);
  if (!reservation.ok) {
    return {
      ok: false,
      status: 429,
      message: `Too many attempts. ${retryText(reservation.retryAfterSeconds)}`,
      retryAfterSeconds: reservation.retryAfterSeconds,
    };
  }
  const right = isGatePassword(gate, password);
  await reservation.settle(right);
  if (!right) return { ok: false, status: 401, message: GATE_WRONG_PASSWORD };
  const session = await rotateSession(request, (s) => s.set(SESSION_KEY[gate], true));
  return { ok: true, setCookies: [session, await trustDevice(device, principal)] };
}
