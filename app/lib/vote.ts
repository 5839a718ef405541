/**
 * The vote form's rules, shared by the server (through the zod schema in vote-schema.ts)
 * and the browser (plain functions, so /vote does not ship a validation library).
 */
import { canonicalEmail, hasMixedScriptDomain, stripInvisible } from "./canonical-email";

export const VOTE_MESSAGES = {
  comedianRequired: "Please select a comedian to vote for",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  alreadyVoted: "You have already voted in this round.",
  deviceVoted: "This phone has already voted in this round.",
  deviceMissing:
    "Please open the vote page again and vote from there (this browser's vote cookie is missing).",
  roomCodeRequired: "Please enter the room code shown on the screen",
  roomCodeWrong: "That is not the room code on the screen. Check it and try again.",
  roundClosed: "Voting for this round has closed.",
  deviceTooNew: "One moment: this phone only just opened the vote.",
  tooManyVotes: "Lots of votes are arriving from your connection right now.",
  notInRound: "Please select a comedian to vote for",
  failed: "Failed to submit your vote. Please try again later.",
} as const;

/** The spec's "simple pattern": text, an at sign, text, a dot, text (no spaces). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The address as stored and shown: invisible and control characters removed, trimmed,
 * lower-cased. Who counts as the same voter is decided by canonicalEmail (canonical-email.ts).
 */
export function normalizeEmail(email: string): string {
  return stripInvisible(email).trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  const typed = normalizeEmail(email);
  // The canonical key must still be an address ("+x@gmail.com" is not one).
  // A domain label mixing scripts (`gmаil.com` with a Cyrillic "а") is a look-alike, refused.
  return (
    EMAIL_PATTERN.test(typed) &&
    typed.length <= 254 &&
    EMAIL_PATTERN.test(canonicalEmail(typed)) &&
    !hasMixedScriptDomain(typed)
  );
}

export type VoteFieldErrors = { comedianId?: string; email?: string; roomCode?: string };

/** The client-side check (the server's zod schema applies the same rules and texts). */
export function voteFieldErrors(fields: {
  comedianId?: string | null;
  email?: string | null;
}): VoteFieldErrors {
  const errors: VoteFieldErrors = {};
  if (!fields.comedianId) errors.comedianId = VOTE_MESSAGES.comedianRequired;
  const email = (fields.email ?? "").trim();
  if (!email) errors.email = VOTE_MESSAGES.emailRequired;
  else if (!isValidEmail(email)) errors.email = VOTE_MESSAGES.emailInvalid;
  return errors;
}

/** Case-insensitive name filter for the vote cards (the ?q= parameter and the live box). */
export function filterByName<T extends { name: string }>(items: T[], query: string | null | undefined): T[] {
  const q = (query ?? "").trim().toLowerCase();
  if (!q) return items;
  return items.filter((item) => item.name.toLowerCase().includes(q));
}

/** Backoff for automatic retries of a failed vote post: 1 s, 2 s, 4 s, 8 s, then 10 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(10_000, 1000 * 2 ** Math.max(0, attempt));
}

/**
 * Issue 37: a device cookie must be this old before it votes. A person needs longer than this
 * to read the ballot and type an e-mail; a script minting a cookie and voting with it at once
 * must wait. (The id's time is the start of the batch it was minted in, at most a second before
 * it was handed out: see mintDevice.)
 */
export const MIN_DEVICE_AGE_MS = 3_000;

/** Milliseconds before a device minted at `issuedAt` may vote (0: it may now; null issuedAt: an old cookie). */
export function deviceWaitMs(issuedAt: number | null, now: number): number {
  if (issuedAt === null) return 0;
  return Math.max(0, issuedAt + MIN_DEVICE_AGE_MS - now);
}

/** The enhanced page waits and sends again by itself on a 429 that asks for at most this long. */
export const AUTO_RESEND_MAX_SECONDS = 10;
