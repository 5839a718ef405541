import { formatLongDate } from "./dates";

/**
 * Ticket-verified votes (issue 41, item 4): a round can check its voters against the show's
 * ticket holders. "require": only votes whose e-mail is on a ticket of that performance count;
 * "prefer": every vote counts, the verified ones shown apart. Either way the others are the
 * visible "unverified" bucket, and the host switches between the two during the round. Pure:
 * the model decides what a vote is at cast time, the pages say it with these words.
 */
export const TICKET_CHECKS = ["off", "prefer", "require"] as const;
export type TicketCheck = (typeof TICKET_CHECKS)[number];

/** The staff form's choices, as /admin/rounds words them. */
export const TICKET_CHECK_LABELS: Record<TicketCheck, string> = {
  off: "No ticket check: every vote counts",
  prefer: "Prefer ticket holders: unverified votes count too, shown apart",
  require: "Require a ticket: unverified votes are shown but not counted",
};

/** A round's votes by bucket (voided votes are in neither). */
export type TicketCount = { rule: "prefer" | "require"; verified: number; unverified: number };

const votes = (n: number) => `${n} vote${n === 1 ? "" : "s"}`;

/** What the projector and the host's page say is counted. */
export function ticketCountText(t: TicketCount): string {
  return t.rule === "require"
    ? `Counted: ticket holders only (${votes(t.verified)}). Not counted: ${votes(t.unverified)} unverified.`
    : `Counted: every vote: ${votes(t.verified)} from ticket holders and ${votes(t.unverified)} unverified.`;
}

/**
 * Whether a round's ticket count is frozen: once the reveal has started, the host can no longer
 * switch the rule or turn the check on, and a new read of the ticket holders re-checks nothing
 * (another count would reorder places already shown).
 */
export function ticketCountFrozen(round: { revealedSteps: number; revealStartedAt: Date | null }): boolean {
  return round.revealedSteps > 0 || round.revealStartedAt !== null;
}

/** Above the ballot: which e-mail to give. */
export const BALLOT_HINT =
  "Tonight's vote checks tickets: use the e-mail address you bought your ticket with.";

/**
 * The voter's receipt on screen, in a round that checks tickets: the round's rule and that the
 * vote is recorded. The same words whether or not the e-mail typed is on a ticket, so a phone
 * (a stranger's, typing someone else's address) never learns who holds a ticket; whether this
 * vote is a ticket holder's goes to the address typed (`ticketVerdictMail`), whose owner alone
 * reads it. Null in a round without a check.
 */
export function receiptTicketText(rule: TicketCheck): string | null {
  if (rule === "off") return null;
  const counted =
    rule === "require"
      ? "Tonight's vote counts the votes of ticket holders (an e-mail address on a ticket for this show); the others are kept apart as unverified."
      : "Tonight's vote counts every vote; the votes of ticket holders (an e-mail address on a ticket for this show) are shown apart.";
  return `${counted} Your vote is recorded either way. We have e-mailed the address you gave to say whether it is on a ticket.`;
}

/** Why a vote's verdict is mailed: it was cast, the host turned the check on, or a re-check found its ticket. */
export type VerdictCause = "cast" | "check-on" | "recheck";

/**
 * The e-mail that tells a voter what became of their vote in a round that checks tickets, sent
 * to the address they typed (through the outbox, written in the transaction that decided it).
 * Only its owner reads it: the screen says the same to everyone (`receiptTicketText`).
 */
export function ticketVerdictMail(input: {
  cause: VerdictCause;
  rule: TicketCheck;
  verified: boolean;
  /** The show the room is at, and its date (YYYY-MM-DD, or null). */
  show: string;
  date: string | null;
  email: string;
  site: string;
}): { subject: string; text: string } | null {
  if (input.rule === "off") return null;
  const at = input.date ? `${input.show} on ${formatLongDate(input.date)}` : input.show;
  const counting =
    input.rule === "require"
      ? "The host is counting ticket holders' votes only right now"
      : "The host is counting every vote right now, unverified ones too";
  const notYou = `If you did not vote at ${input.show}, someone typed your address on their phone: reply to this e-mail and we will look into it.`;
  const intro =
    input.cause === "check-on"
      ? [`The host of ${at} has turned on the ticket check for the audience vote you took part in.`, ""]
      : [];
  if (input.verified) {
    return {
      subject:
        input.cause === "recheck"
          ? `Your vote at ${input.show} now counts as a ticket holder's`
          : `Your vote at ${input.show} counts as a ticket holder's`,
      text: [
        ...intro,
        input.cause === "recheck"
          ? `Eventbrite now lists a ticket for ${at} bought with ${input.email}, so your vote now counts as a ticket holder's.`
          : `${input.email} is on a ticket for ${at}, so your vote counts as a ticket holder's.`,
        "",
        notYou,
        "",
        `${input.site}`,
      ].join("\n"),
    };
  }
  return {
    subject: `Your vote at ${input.show} is with the unverified votes`,
    text: [
      ...intro,
      `${input.email} is not on a ticket for ${at} as far as Eventbrite has told us, so your vote is with the unverified votes. ${counting} (the host may change that until the results are revealed).`,
      "",
      "What you can do:",
      "- If you bought your ticket in the last few minutes: nothing. We check again each time Eventbrite tells us of new tickets, until the reveal starts, and your vote moves to the ticket holders' by itself (we will e-mail you).",
      "- If your ticket was bought with another address (a friend's order, another mailbox): your vote stays unverified, as each phone and each address votes once. Next time, vote with the address on your ticket.",
      `- ${notYou}`,
      "",
      `${input.site}`,
    ].join("\n"),
  };
}
