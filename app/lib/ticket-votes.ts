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

/** Above the ballot: which e-mail to give. */
export const BALLOT_HINT =
  "Tonight's vote checks tickets: use the e-mail address you bought your ticket with.";

/**
 * The voter's own answer after voting: whether their vote is a ticket holder's, and what that
 * means under the round's rule now. It speaks only of the e-mail the voter typed for their own
 * vote (see docs/decisions/box-office.md: what it can tell, and to whom).
 */
export function voterTicketText(rule: TicketCheck, verified: boolean | null): string | null {
  if (rule === "off") return null;
  if (verified)
    return "Your vote counts as a ticket holder's: the e-mail you gave is on a ticket for this show.";
  return rule === "require"
    ? "The e-mail you gave is not on a ticket for this show, so your vote is with the unverified votes, which the host is not counting right now."
    : "The e-mail you gave is not on a ticket for this show, so your vote is with the unverified votes; they count unless the host decides otherwise.";
}
