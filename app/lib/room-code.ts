/**
 * The room code: a short number the host shows on the projector, which changes every few
 * minutes, so that a vote proves its sender can see the room. The code for a period is
 * derived from the round's secret (an HMAC on the server, passed in here as `derive`), so
 * nothing has to be stored per period and every process agrees on it.
 */

/** A new code every 3 minutes; the one before stays valid, so a code lives 3 to 6 minutes. */
export const ROOM_CODE_PERIOD_MS = 3 * 60_000;
export const ROOM_CODE_DIGITS = 6;

export type DeriveCode = (period: number) => string;

export function periodAt(nowMs: number, periodMs = ROOM_CODE_PERIOD_MS) {
  return Math.floor(nowMs / periodMs);
}

/** The code on the projector now, and when it changes. */
export function currentRoomCode(derive: DeriveCode, nowMs: number, periodMs = ROOM_CODE_PERIOD_MS) {
  const period = periodAt(nowMs, periodMs);
  return { code: derive(period), changesAt: (period + 1) * periodMs };
}

/** What a voter typed, reduced to its digits ("482 913", "482-913" are "482913"); null if it cannot be a code. */
export function parseRoomCode(typed: string | null | undefined): string | null {
  if (typeof typed !== "string" || typed.length > 40) return null;
  const digits = typed.normalize("NFKC").replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${ROOM_CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** Accepts the current code and the one just before it (a voter who read it as it changed). */
export function isRoomCodeAccepted(
  typed: string | null | undefined,
  derive: DeriveCode,
  nowMs: number,
  periodMs = ROOM_CODE_PERIOD_MS,
) {
  const code = parseRoomCode(typed);
  if (!code) return false;
  const period = periodAt(nowMs, periodMs);
  return code === derive(period) || code === derive(period - 1);
}

/** Turns HMAC bytes into a zero-padded decimal code (dynamic truncation as in RFC 4226). */
export function codeFromBytes(bytes: Uint8Array): string {
  const offset = bytes[bytes.length - 1] & 0x0f;
  const n =
    ((bytes[offset] & 0x7f) << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3];
  return String(n % 10 ** ROOM_CODE_DIGITS).padStart(ROOM_CODE_DIGITS, "0");
}

/** "482913" shown as "482 913". */
export function formatRoomCode(code: string) {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}
