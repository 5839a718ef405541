import { unsubscribeListEntry, type UnsubscribeOutcome } from "~/models/mail-lists.server";
import { logger } from "~/utils/logger.server";

/**
 * Unsubscribing (issue 39): the link in every promotional e-mail and its RFC 8058 one-click
 * POST. Mail providers post it from their own servers (another Origin, a form or multipart
 * body, no cookies), so it cannot go through the form pipeline, whose first step refuses
 * exactly that: server/front.ts answers it before Remix, as it answers vote posts, through
 * `mailListPaths` (the build's entry module exports it). The secret token in the path is the
 * only authority; no body is read; the answer is the same however often it is sent.
 */
export function unsubscribe(token: string): UnsubscribeOutcome {
  const outcome = unsubscribeListEntry(token);
  logger().info({ outcome }, "mail list unsubscribe");
  return outcome;
}

export const mailListPaths = { unsubscribe };
export type MailListPaths = typeof mailListPaths;
