/**
 * Issue 37: how many new phones and votes one address may send into one round, by the size of
 * the room. A room behind one NAT (a bar's Wi-Fi, a venue's router) is hundreds of phones on one
 * address, but its phones arrive over a minute or so, people reading the ballot and typing an
 * e-mail; a stuffing script sends hundreds in a second. So each budget is a steady rate with a
 * burst allowance (rate-limiter-flexible's BurstyRateLimiter: fixed one-second windows, then a
 * pool for the minute) sized from the room:
 *
 * - steady: twice the rate of the whole room arriving evenly over a minute;
 * - burst: a tenth of the room (new phones), once a minute, for the seconds in which more phones
 *   arrive together than the steady rate allows.
 *
 * Votes get more (three times the room's even rate, a quarter of the room as the burst): a vote
 * needs a device cookie, which the new-phones budget already caps, so this budget only stops a
 * script holding cookies minted slowly beforehand, and never the room's phones voting in the
 * same second as a script's burst.
 *
 * A 300-seat room's phones arrive at about 5 a second; the budget takes 10 a second plus 30 over
 * the minute, so that room never meets it, while a script gets at most `capFor` whatever it sends.
 * Pure; the limiters live in app/utils/rate-limit.server.ts. docs/decisions/voting.md.
 */
export const DEFAULT_ROOM_SEATS = 300;
export const MIN_ROOM_SEATS = 20;
export const MAX_ROOM_SEATS = 5000;

export type RoomBudget = { perSecond: number; burst: number; burstSeconds: number };
export type RoomBudgets = { newPhones: RoomBudget; votes: RoomBudget };

export function roomSeats(seats: number | null | undefined): number {
  if (!seats || !Number.isFinite(seats)) return DEFAULT_ROOM_SEATS;
  return Math.min(MAX_ROOM_SEATS, Math.max(MIN_ROOM_SEATS, Math.round(seats)));
}

export function roomBudgets(seats: number | null | undefined): RoomBudgets {
  const s = roomSeats(seats);
  return {
    newPhones: { perSecond: Math.ceil(s / 30), burst: Math.ceil(s / 10), burstSeconds: 60 },
    votes: { perSecond: Math.ceil(s / 10), burst: Math.ceil(s / 4), burstSeconds: 60 },
  };
}

/**
 * The most one address can get through a budget in `seconds` of sending (however fast): every
 * one-second window it touches (a span of t seconds touches at most ceil(t) + 1 of them) and
 * every burst pool (one a minute).
 */
export function capFor(budget: RoomBudget, seconds: number): number {
  const windows = Math.ceil(Math.max(0, seconds)) + 1;
  const pools = Math.ceil(Math.max(0, seconds) / budget.burstSeconds) + 1;
  return budget.perSecond * windows + budget.burst * pools;
}
