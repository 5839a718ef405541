/**
 * Who may reopen a sold-out show or date (issue 18): the ticketing sync reopens what the
 * platform sold out when the platform has seats again; what staff marked sold out by hand
 * (door capacity, tickets held elsewhere) stays sold out until staff reopen it. Pure: the
 * sync (app/models/sync.server.ts) and the staff toggles apply it.
 * docs/decisions/waitlist-and-outbox.md explains the choice.
 */
export type SoldOutBy = "platform" | "staff";

export type SoldOutState = { soldOut: boolean; soldOutBy: SoldOutBy | null };

const AVAILABLE: SoldOutState = { soldOut: false, soldOutBy: null };

/** A staff toggle: a sold-out mark by hand is staff's. */
export function staffSoldOut(soldOut: boolean): SoldOutState {
  return soldOut ? { soldOut: true, soldOutBy: "staff" } : AVAILABLE;
}

/**
 * The state after a sync, from the stored one and the platform's `is_sold_out`.
 * - the platform sold out: sold out (a mark already there keeps its author);
 * - the platform has seats: reopened only when the platform had sold it out; a mark by
 *   staff, or one of unknown origin (stored before the author was recorded), stays.
 */
export function syncSoldOut(stored: SoldOutState, platformSoldOut: boolean): SoldOutState {
  const kept = { soldOut: stored.soldOut, soldOutBy: stored.soldOutBy };
  if (platformSoldOut) return stored.soldOut ? kept : { soldOut: true, soldOutBy: "platform" };
  if (stored.soldOut && stored.soldOutBy === "platform") return AVAILABLE;
  return kept;
}

/** Whether a change reopened a sold-out show or date (its waitlist is told). */
export function reopened(before: { soldOut: boolean }, after: { soldOut: boolean }): boolean {
  return before.soldOut && !after.soldOut;
}

/**
 * The sold-out state of each date the platform lists, from the stored date of the same day
 * (a new date starts available), and the stored dates that this sync reopens.
 */
export function syncDateStates(
  stored: readonly ({ date: string } & SoldOutState)[],
  platform: readonly { date: string; soldOut: boolean }[],
): { states: Map<string, SoldOutState>; reopenedDates: string[] } {
  const before = new Map(stored.map((d) => [d.date, { soldOut: d.soldOut, soldOutBy: d.soldOutBy }]));
  const states = new Map<string, SoldOutState>();
  const reopenedDates: string[] = [];
  for (const d of platform) {
    const was = before.get(d.date) ?? AVAILABLE;
    const now = syncSoldOut(was, d.soldOut);
    states.set(d.date, now);
    if (reopened(was, now)) reopenedDates.push(d.date);
  }
  return { states, reopenedDates };
}

/**
 * Whose waitlist a sync tells: everyone's (every date that has seats) when the show itself
 * reopened, else the lists of the dates that reopened, else nobody (null).
 */
export function waitlistDatesToTell(
  showReopened: boolean,
  reopenedDates: readonly string[],
): "all" | string[] | null {
  if (showReopened) return "all";
  return reopenedDates.length > 0 ? [...reopenedDates] : null;
}
