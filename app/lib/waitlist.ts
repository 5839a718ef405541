import { formatLongDate, formatTime12 } from "./dates";

/**
 * The waitlist rules ("Tell me when tickets free up"), pure so they can be tested alone.
 * docs/decisions/waitlist-and-outbox.md explains the choices.
 */

/** A flip-flopping show never e-mails the same address twice within this window. */
export const NOTIFY_COOLDOWN_MS = 24 * 60 * 60 * 1000;

/** Only a change from sold out to available tells anyone anything. */
export function becameAvailable(before: boolean, after: boolean): boolean {
  return before && !after;
}

/**
 * Whether a waiting address gets the "tickets are available" e-mail now: never told, or
 * last told at least a day ago (the show sold out again and freed up again since).
 */
export function dueForNotice(entry: { notifiedAt: Date | null }, now: Date): boolean {
  if (!entry.notifiedAt) return true;
  return now.getTime() - entry.notifiedAt.getTime() >= NOTIFY_COOLDOWN_MS;
}

/** Whether a performance can take sign-ups: sold out and not yet past. */
export function canJoinWaitlist(input: { soldOut: boolean; date: string; today: string; archived: boolean }) {
  return input.soldOut && !input.archived && input.date >= input.today;
}

/** The list of a performance is deleted the day after it (Toronto dates). */
export function isWaitlistExpired(date: string, today: string): boolean {
  return date < today;
}

/** What the form promises (its consent wording is beside it: app/lib/consent.ts). */
export function waitlistPromise(date: string): string {
  return `We'll e-mail you once if tickets for ${formatLongDate(date)} become available again, with the link to buy them. Your address is used for nothing else and is deleted after the show.`;
}

export type WaitlistEmail = { subject: string; text: string };

/**
 * The "tickets are available" e-mail. The outbox adds the sender's identification and the
 * one-click unsubscribe (text and RFC 8058 headers) to it, as to every promotional e-mail.
 */
export function waitlistEmail(input: {
  title: string;
  date: string;
  time: string;
  ticketUrl: string | null;
  pageUrl: string;
}): WaitlistEmail {
  const when = `${formatLongDate(input.date)} at ${formatTime12(input.time)}`;
  const buy = input.ticketUrl ?? input.pageUrl;
  return {
    subject: `Tickets available: ${input.title} (${formatLongDate(input.date)})`,
    text: [
      `Good news: tickets for ${input.title} on ${when} are available again.`,
      "",
      `Get them here: ${buy}`,
      input.ticketUrl ? `Show details: ${input.pageUrl}` : null,
      "",
      "They go fast: we tell everyone on the list at the same time.",
      "",
      "You asked us to tell you when tickets free up.",
      "",
    ]
      .filter((line) => line !== null)
      .join("\n"),
  };
}

/** What staff's "Send now" did: how many e-mails it queued, or why nobody was told. */
export type SendNowOutcome =
  | { queued: number; reason: null }
  | { queued: 0; reason: "not-found" | "called-off" | "sold-out" | "nobody-waiting" | "told-recently" };

/** Why "Send now" told nobody (the first reason that holds). */
export function whyNobodyTold(input: {
  found: boolean;
  calledOff: boolean;
  soldOut: boolean;
  waiting: number;
}): Exclude<SendNowOutcome["reason"], null> {
  if (!input.found) return "not-found";
  if (input.calledOff) return "called-off";
  if (input.soldOut) return "sold-out";
  if (input.waiting === 0) return "nobody-waiting";
  return "told-recently";
}

/** The flash message after "Send now" for the performance on `dateLabel`. */
export function sendNowMessage(
  outcome: SendNowOutcome,
  dateLabel: string,
): { type: "success" | "info" | "error"; message: string } {
  if (outcome.reason === null) {
    const n = outcome.queued;
    return {
      type: "success",
      message: `${n} waiting ${n === 1 ? "person is" : "people are"} being e-mailed about ${dateLabel}.`,
    };
  }
  switch (outcome.reason) {
    case "not-found":
      return { type: "error", message: "That show no longer exists or is archived." };
    case "called-off":
      return { type: "info", message: `Nobody e-mailed: the show on ${dateLabel} is called off.` };
    case "sold-out":
      return {
        type: "info",
        message: `Nobody e-mailed: ${dateLabel} is still sold out. Mark it available to tell the list.`,
      };
    case "nobody-waiting":
      return { type: "info", message: `Nobody is waiting for ${dateLabel}.` };
    case "told-recently":
      return {
        type: "info",
        message: `Nobody e-mailed: everyone waiting for ${dateLabel} was e-mailed within the last day (once a day at most).`,
      };
  }
}
