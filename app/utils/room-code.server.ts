import crypto from "node:crypto";
import type { VotingRound } from "~/db/schema";
import { ipBudgetKey } from "~/lib/ip-budget";
import {
  codeFromBytes,
  currentRoomCode,
  formatRoomCode,
  isRoomCodeAccepted,
  type DeriveCode,
} from "~/lib/room-code";
import { qrSvg } from "./qr.server";
import { reserveAttempt } from "./rate-limit.server";

/** The code for one period: HMAC-SHA256 of the period number under the round's secret. */
function deriver(secret: string): DeriveCode {
  return (period) => codeFromBytes(crypto.createHmac("sha256", secret).update(String(period)).digest());
}

export function roomCodeOn(round: Pick<VotingRound, "roomCodeSecret">): round is { roomCodeSecret: string } {
  return typeof round.roomCodeSecret === "string" && round.roomCodeSecret.length > 0;
}

export type RoomCodeCheck =
  { ok: true } | { ok: false; reason: "missing" | "wrong" | "budget"; retryAfterSeconds?: number };

/**
 * Checks a typed room code. Wrong codes spend a budget per device and per IP, reserved
 * before the comparison (as for passwords): a remote guesser gets at most that many tries
 * at 2 valid codes in a million per 10 minutes.
 */
export async function checkRoomCode(
  round: Pick<VotingRound, "id" | "roomCodeSecret">,
  typed: string | undefined,
  who: { deviceId: string; ip: string },
  now = Date.now(),
): Promise<RoomCodeCheck> {
  if (!roomCodeOn(round)) return { ok: true };
  if (!typed || !typed.trim()) return { ok: false, reason: "missing" };
  const reservation = await reserveAttempt([
    ["roomCodeDevice", `${round.id}:${who.deviceId}`],
    ["roomCodeIp", `${round.id}:${ipBudgetKey(who.ip)}`],
  ]);
  if (!reservation.ok)
    return { ok: false, reason: "budget", retryAfterSeconds: reservation.retryAfterSeconds };
  const right = isRoomCodeAccepted(typed, deriver(round.roomCodeSecret), now);
  await reservation.settle(right);
  return right ? { ok: true } : { ok: false, reason: "wrong" };
}

/**
 * Issue 37: the room code leads to its room's round. Plain /vote with a typed code finds the
 * open round (of those with the code on) whose current or previous code it is. A wrong code
 * spends the address's budget of wrong room codes first, as a vote's would, so the look-up is
 * no faster a way to guess.
 */
export async function roundForRoomCode<R extends Pick<VotingRound, "id" | "roomCodeSecret">>(
  rounds: readonly R[],
  typed: string,
  ip: string,
  now = Date.now(),
): Promise<{ ok: true; round: R } | { ok: false; reason: "wrong" | "budget"; retryAfterSeconds?: number }> {
  const reservation = await reserveAttempt([["roomCodeIp", `lookup:${ipBudgetKey(ip)}`]]);
  if (!reservation.ok)
    return { ok: false, reason: "budget", retryAfterSeconds: reservation.retryAfterSeconds };
  const round = rounds.find(
    (r): r is R & { roomCodeSecret: string } =>
      roomCodeOn(r) && isRoomCodeAccepted(typed, deriver(r.roomCodeSecret), now),
  );
  await reservation.settle(Boolean(round));
  return round ? { ok: true, round } : { ok: false, reason: "wrong" };
}

export type ProjectorCode = {
  code: string;
  changesAt: number;
  voteUrl: string;
  shortUrl: string;
  qrSvg: string;
};

/** What the projector shows: the code, the vote address with the code in it, and its QR code. */
export async function projectorCode(
  round: Pick<VotingRound, "id" | "roomCodeSecret">,
  origin: string,
  now = Date.now(),
): Promise<ProjectorCode | null> {
  if (!roomCodeOn(round)) return null;
  const { code, changesAt } = currentRoomCode(deriver(round.roomCodeSecret), now);
  const voteUrl = `${origin}/vote?round=${round.id}&code=${code}`;
  return {
    code: formatRoomCode(code),
    changesAt,
    voteUrl,
    shortUrl: `${origin}/vote`,
    qrSvg: await qrSvg(voteUrl),
  };
}
