import { recordBudgetHit, recordRefusal, recordVote } from "~/features/voting/vote-watch.server";
import { canonicalEmail } from "~/lib/canonical-email";
import { parseId } from "~/lib/ids";
import { ipBudgetKey } from "~/lib/ip-budget";
import { roomSeats } from "~/lib/room-budgets";
import { receiptTicketText } from "~/lib/ticket-votes";
import { deviceWaitMs, VOTE_MESSAGES, type VoteFieldErrors } from "~/lib/vote";
import { voteSchema } from "~/lib/vote-schema";
import { formatInZone } from "~/lib/zoned-time";
import { getOpenRound } from "~/models/rounds.server";
import { ownVoteByToken, queueVote, type Receipt } from "~/models/votes.server";
import { getEnv } from "~/utils/env.server";
import { fieldErrors, readForm, refusedHeaders } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { consume, consumeRoomBudget, retryText } from "~/utils/rate-limit.server";
import { isHoneypotFilled } from "~/utils/request-guards.server";
import { checkRoomCode } from "~/utils/room-code.server";
import { deviceIdFromCookieHeader, deviceIssuedAt } from "~/utils/vote-device.server";
import { notifyRoundChanged } from "~/utils/vote-events.server";

export type VoteOutcome =
  | { kind: "thanks"; roundId: number; voteToken: string | null }
  | {
      kind: "invalid";
      status: number;
      fieldErrors: VoteFieldErrors;
      formError: string | null;
      values: { comedianId: string; email: string; roomCode: string };
      /** On a 429: when to try again (sent as Retry-After). */
      retryAfterSeconds?: number;
    };

/**
 * Everything a vote post goes through, shared by the form action (no JavaScript) and the
 * JSON endpoint the enhanced page retries against: origin, honeypot, rate limits, parse,
 * then one idempotent insert. A retried post (same token) is answered as the first one was.
 */
export async function submitVote(request: Request, clientIp: string): Promise<VoteOutcome> {
  const form = await readForm(request);
  return submitVoteForm(form, request.headers.get("Cookie"), clientIp);
}

/**
 * The vote itself, from a form already read within the public form limits (by `readForm`, or by
 * the server's fast path with `readFormBuffer`) and the request's Cookie header.
 */
export async function submitVoteForm(
  form: FormData,
  cookieHeader: string | null,
  clientIp: string,
): Promise<VoteOutcome> {
  // A vote needs the device cookie /vote issued. Without one nothing is counted, and (issue 37)
  // the refusal hands out no cookie: only /vote does, within the round's budget of new phones.
  const deviceId = deviceIdFromCookieHeader(cookieHeader);
  const raw = {
    roundId: String(form.get("roundId") ?? ""),
    voteToken: String(form.get("voteToken") ?? ""),
    comedianId: form.get("comedianId") ? String(form.get("comedianId")) : undefined,
    email: String(form.get("email") ?? ""),
    roomCode: form.get("roomCode") === null ? undefined : String(form.get("roomCode")),
  };
  const values = {
    comedianId: raw.comedianId ?? "",
    email: raw.email,
    roomCode: (raw.roomCode ?? "").slice(0, 40),
  };
  const invalid = (
    status: number,
    fieldErrors: VoteFieldErrors,
    formError: string | null = null,
    retryAfterSeconds?: number,
  ): VoteOutcome => ({
    kind: "invalid",
    status,
    fieldErrors,
    formError,
    values,
    retryAfterSeconds,
  });

  const roundId = parseId(raw.roundId);
  if (isHoneypotFilled(form)) return { kind: "thanks", roundId, voteToken: null };

  // The fields are read by name above (no Conform submission per vote: the room's hot path);
  // a refused input's messages come from the pipeline's one `fieldErrors`, first one per field.
  const parsed = voteSchema.safeParse(raw);
  if (!parsed.success) {
    const { comedianId, email } = fieldErrors(parsed.error);
    if (!comedianId && !email) {
      return invalid(400, {}, "This voting form is out of date. Please reload the page and vote again.");
    }
    const shown: VoteFieldErrors = {};
    if (comedianId) shown.comedianId = comedianId[0];
    if (email) shown.email = email[0];
    return invalid(400, shown);
  }
  const input = parsed.data;
  if (!deviceId) return invalid(400, {}, VOTE_MESSAGES.deviceMissing);
  const emailKey = canonicalEmail(input.email);
  const thanks = (voteToken: string): VoteOutcome => ({
    kind: "thanks",
    roundId: input.roundId,
    voteToken,
  });

  // A retry of a vote this device already stored is answered before any budget is spent on it.
  const earlier = ownVoteByToken(input.roundId, deviceId, input.voteToken);
  if (earlier && canonicalEmail(earlier.email) === emailKey) return thanks(input.voteToken);

  const round = getOpenRound(input.roundId);
  const ip = ipBudgetKey(clientIp);
  // Issue 37: a cookie must be a few seconds old before it votes (a person reads and types; a
  // script minting a cookie and voting at once waits). Nothing is spent on such a post.
  const wait = deviceWaitMs(deviceIssuedAt(deviceId), Date.now());
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    return invalid(429, {}, `${VOTE_MESSAGES.deviceTooNew} ${retryText(seconds)}`, seconds);
  }

  if (round) {
    // The round's budget of votes per address, sized by its room (app/lib/room-budgets.ts).
    const budget = await consumeRoomBudget("votes", roomSeats(round.roomSeats), `${round.id}:${ip}`);
    if (!budget.ok) {
      recordBudgetHit(round.id, "votes", ip);
      notifyRoundChanged(round.id);
      logger().warn({ limit: "votes", roundId: input.roundId }, "vote rate limited");
      return invalid(
        429,
        {},
        `${VOTE_MESSAGES.tooManyVotes} ${retryText(budget.retryAfterSeconds)}`,
        budget.retryAfterSeconds,
      );
    }
  }
  for (const [limit, key] of [
    ["voteDevice", deviceId],
    ["voteEmail", emailKey],
  ] as const) {
    const result = await consume(limit, key);
    if (!result.ok) {
      logger().warn({ limit, roundId: input.roundId }, "vote rate limited");
      return invalid(
        429,
        {},
        `Too many votes from here. ${retryText(result.retryAfterSeconds)}`,
        result.retryAfterSeconds,
      );
    }
  }

  // The room code, when the host has turned it on: proof of presence.
  if (round) {
    const code = await checkRoomCode(round, input.roomCode, { deviceId, ip: clientIp });
    if (!code.ok) {
      if (code.reason === "budget")
        return invalid(
          429,
          {},
          `Too many wrong room codes. ${retryText(code.retryAfterSeconds ?? 60)}`,
          code.retryAfterSeconds ?? 60,
        );
      return invalid(400, {
        roomCode: code.reason === "missing" ? VOTE_MESSAGES.roomCodeRequired : VOTE_MESSAGES.roomCodeWrong,
      });
    }
  }

  const result = await queueVote({ ...input, emailKey, ipAddress: clientIp, deviceId });
  switch (result.status) {
    case "recorded":
      // Counted under the address and at the time stored with the vote, so a voided burst matches its rows exactly.
      recordVote(input.roundId, clientIp, input.comedianId, result.vote.createdAt.getTime());
      notifyRoundChanged(input.roundId);
      return thanks(input.voteToken);
    case "repeat":
      // Only ever this device's own vote (castVote checks the device), so its receipt is its own.
      return thanks(result.vote.voteToken);
    case "device-voted":
      recordRefusal(input.roundId, { deviceId, emailKey, ip: clientIp });
      return invalid(409, {}, VOTE_MESSAGES.deviceVoted);
    case "already-voted":
      // The same answer whatever was chosen: it must not tell whom that e-mail voted for.
      recordRefusal(input.roundId, { deviceId, emailKey, ip: clientIp });
      return invalid(409, {}, VOTE_MESSAGES.alreadyVoted);
    case "token-used":
      return invalid(409, {}, "This form was already used to vote. Please reload the page.");
    case "round-closed":
      return invalid(409, {}, VOTE_MESSAGES.roundClosed);
    case "not-in-round":
      return invalid(400, { comedianId: VOTE_MESSAGES.comedianRequired });
  }
}

/** Where a successful vote lands: its thank-you and receipt. */
export function thanksUrl(roundId: number, voteToken: string | null) {
  const params = new URLSearchParams({ round: String(roundId), thanks: voteToken ?? "1" });
  return `/vote?${params}`;
}

/** The receipt a voter is shown: who, when (Toronto time), and the e-mail half-hidden. */
export function receiptView(r: Receipt | undefined) {
  if (!r) return null;
  const [user, domain] = r.email.split("@");
  return {
    comedianName: r.comedianName,
    email: `${user.slice(0, 1)}${"*".repeat(Math.max(1, Math.min(user.length - 1, 6)))}@${domain}`,
    at: formatInZone(r.createdAt, "MMM d 'at' h:mm a", getEnv().APP_TIMEZONE),
    // Issue 41: the round's rule, the same for every voter (the verdict goes by e-mail).
    ticket: receiptTicketText(r.ticketCheck),
  };
}

/** "9:30 PM on Nov 26": when a scheduled round opens (business time). */
export function opensAtText(at: Date) {
  return formatInZone(at, "h:mm a 'on' MMM d", getEnv().APP_TIMEZONE);
}

/** The headers of a refused vote: never stored by a cache, and when to try again on a 429. */
export function refusedVoteHeaders(outcome: Extract<VoteOutcome, { kind: "invalid" }>): Headers {
  return refusedHeaders(outcome.retryAfterSeconds);
}
