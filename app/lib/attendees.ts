import { addDaysIso } from "./dates";
import type { EventbriteAttendee } from "./eventbrite-schemas";

/**
 * Ticket holders, minimally (issue 41): what the site keeps of the platform's attendees, and
 * for how long. Pure: the e-mail is hashed by the caller's keyed hash (never stored), and
 * cancelled or refunded tickets are not holders.
 */

/** One stored ticket: no name, no address, only the keyed hash of the canonical e-mail. */
export type HolderRow = {
  attendeeId: string;
  orderId: string;
  emailHash: string;
  checkedIn: boolean;
  affiliate: string | null;
};

/** A ticket that admits someone: not cancelled, not refunded, not marked "Not Attending". */
export function isHolding(a: EventbriteAttendee): boolean {
  if (a.cancelled || a.refunded) return false;
  const status = (a.status ?? "").toLowerCase();
  return status !== "not attending" && status !== "cancelled" && status !== "refunded";
}

/** An affiliate code as the platform sends it, trimmed; an empty one is none. */
export function affiliateOf(a: Pick<EventbriteAttendee, "affiliate">): string | null {
  const code = a.affiliate?.trim();
  return code ? code.slice(0, 100) : null;
}

/** The rows kept of a performance's attendees (tickets without an e-mail are kept with none matching). */
export function holderRows(
  attendees: readonly EventbriteAttendee[],
  hashEmail: (email: string) => string,
): HolderRow[] {
  return attendees.filter(isHolding).map((a) => ({
    attendeeId: a.id,
    orderId: a.order_id,
    emailHash: a.profile?.email ? hashEmail(a.profile.email) : "",
    checkedIn: a.checked_in === true,
    affiliate: affiliateOf(a),
  }));
}

/** Tickets and check-ins per affiliate code (a comic's draw): no person in it. */
export function affiliateTotals(
  attendees: readonly EventbriteAttendee[],
): { affiliate: string; tickets: number; checkedIn: number }[] {
  const totals = new Map<string, { tickets: number; checkedIn: number }>();
  for (const a of attendees.filter(isHolding)) {
    const code = affiliateOf(a);
    if (!code) continue;
    const t = totals.get(code) ?? { tickets: 0, checkedIn: 0 };
    t.tickets++;
    if (a.checked_in) t.checkedIn++;
    totals.set(code, t);
  }
  return [...totals]
    .map(([affiliate, t]) => ({ affiliate, ...t }))
    .sort((a, b) => a.affiliate.localeCompare(b.affiliate));
}

/**
 * The last performance date whose ticket holders are kept on `today`: a performance more than
 * `days` days ago is deleted (on the day after the `days`-th day).
 */
export function holdersKeptFrom(today: string, days: number): string {
  return addDaysIso(today, -days);
}

/** What the privacy text says about ticket holders (one place: the page and its test). */
export function ticketHoldersPrivacyText(days: number): string {
  return (
    `For a show with an audience vote or a report to its venue, we read the list of ticket holders from ` +
    `Eventbrite and keep, for each ticket, only a one-way keyed hash of the e-mail address (never the ` +
    `address itself), whether the ticket was checked in, the tracking code of the link it was bought ` +
    `through and the order number. We use them to tell whether a vote came from a ticket holder and ` +
    `to count check-ins and each comic's ticket sales. They are deleted ${days} days after the show.`
  );
}
