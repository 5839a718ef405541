import { issuePhone } from "~/features/voting/phones.server";
import {
  refusedVoteHeaders,
  submitVoteForm,
  thanksUrl,
  type VoteOutcome,
} from "~/features/voting/vote-submission.server";
import { closedRoundOfDevice, getOpenRound } from "~/models/rounds.server";
import { hasVotedFrom } from "~/models/votes.server";
import { FormRefused, readFormBuffer } from "~/utils/form-pipeline.server";
import { roomCodeOn } from "~/utils/room-code.server";
import { deviceIdFromCookieHeader, newVoteToken } from "~/utils/vote-device.server";
import { templateQuery } from "./vote-page.server";

/**
 * Issue 20: the two requests a room sends at once, answered by the server without going
 * through Remix's routing (front.server.ts reaches these through the build's entry module, so
 * they share the app's database connection, rate-limit buckets and live-results emitter):
 *
 * - GET /vote: who the visitor is (device cookie, a vote already cast, a session) and whether
 *   the cached page can show them; the server puts their token, nonce and code into it.
 * - POST /vote and /vote/submit: the same `submitVoteForm` as the routes, from the body the
 *   server already read and bounded. A refused no-JavaScript post still renders the page
 *   through Remix (with this outcome in the load context, so nothing is decided twice).
 */

export type VotePageVisitor = {
  roundId: number;
  roomCode: boolean;
  /** The query with the code's value replaced by its mark: part of the template's key. */
  templateSearch: string;
  values: { token: string; code: string };
  setCookie: string | null;
};

/** A new phone over the round's budget: the page says "one moment" and loads again by itself. */
export type PhoneWait = { kind: "phone-wait"; retryAfterSeconds: number };

/**
 * The per-visitor parts of /vote; a PhoneWait for a new phone over the round's budget (issue 37);
 * or null when only the normal render can show this visitor.
 */
export async function votePageVisitor(
  search: string,
  cookieHeader: string | null,
  /** The data version the server already read for this request (dataVersion). */
  version: string | undefined,
  clientIp: string,
): Promise<VotePageVisitor | PhoneWait | null> {
  // A session may carry a flash message (root loader) or staff state: the normal render.
  if (cookieHeader && /(^|;\s*)__session=/.test(cookieHeader)) return null;
  const query = templateQuery(search);
  if (!query) return null;
  // A room code without a round: the normal render finds the round it belongs to.
  if (query.code !== null && query.round === null) return null;
  // The round asked for, or the only one open (several: the voter picks their show).
  const round = getOpenRound(query.round, undefined, version);
  // No open round ("Voting is closed") or a closing countdown (seconds change per request).
  if (!round || round.closesAt) return null;
  let deviceId = deviceIdFromCookieHeader(cookieHeader);
  let setCookie: string | null = null;
  // A phone that voted sees its receipt: the normal render.
  if (deviceId && hasVotedFrom(round.id, deviceId)) return null;
  // Plain /vote on a phone whose room has finished voting: "Voting has closed for {show}".
  if (deviceId && query.round === null && closedRoundOfDevice(deviceId)) return null;
  if (!deviceId) {
    const phone = await issuePhone(round, clientIp);
    if (!phone.ok) return { kind: "phone-wait", retryAfterSeconds: phone.retryAfterSeconds };
    ({ deviceId, setCookie } = phone);
  }
  return {
    roundId: round.id,
    roomCode: roomCodeOn(round),
    templateSearch: query.templateSearch,
    values: { token: newVoteToken(), code: query.code ?? "" },
    setCookie,
  };
}

export type FastReply = { status: number; headers: [string, string][]; body: string };

/**
 * A vote post: the reply to send, or `{ render }` for a refused no-JavaScript post (the page
 * with its errors is a React render).
 */
export async function votePost(input: {
  path: string;
  body: Buffer;
  cookie: string | null;
  clientIp: string;
}): Promise<FastReply | { render: VoteOutcome }> {
  let form: FormData;
  try {
    form = readFormBuffer(input.body);
  } catch (error) {
    if (!(error instanceof FormRefused)) throw error;
    const headers: [string, string][] = [
      ["Cache-Control", "no-store"],
      ["Content-Type", "text/plain; charset=utf-8"],
    ];
    if (error.retryAfterSeconds !== undefined)
      headers.push(["Retry-After", String(Math.max(1, Math.ceil(error.retryAfterSeconds)))]);
    return { status: error.status, headers, body: error.message };
  }
  const outcome = await submitVoteForm(form, input.cookie, input.clientIp);
  if (input.path === "/vote/submit") {
    // As app/routes/vote.submit.ts answers.
    const json: [string, string] = ["Content-Type", "application/json; charset=utf-8"];
    if (outcome.kind === "thanks") {
      const headers: [string, string][] = [["Cache-Control", "no-store"], json];
      return {
        status: 200,
        headers,
        body: JSON.stringify({ ok: true, redirectTo: thanksUrl(outcome.roundId, outcome.voteToken) }),
      };
    }
    return {
      status: outcome.status,
      headers: [...refusedVoteHeaders(outcome).entries(), json],
      body: JSON.stringify({ ok: false, fieldErrors: outcome.fieldErrors, formError: outcome.formError }),
    };
  }
  if (outcome.kind === "thanks") {
    // As the /vote action's redirect (post/redirect/get), never stored by a cache.
    const headers: [string, string][] = [
      ["Location", thanksUrl(outcome.roundId, outcome.voteToken)],
      ["Cache-Control", "private, no-store"],
    ];
    return { status: 302, headers, body: "" };
  }
  return { render: outcome };
}

/** What server/index.ts takes from the build (its module instances): app/entry.server.tsx exports it. */
export const fastPaths = { votePageVisitor, votePost };
export type BuildFastPaths = typeof fastPaths;
