import type { Server } from "../../tests/support/server";

/**
 * The shape of an attack class of `npm run attack` (scripts/attack.ts runs them one after another,
 * with /healthcheck probed and the server's RSS sampled while each runs).
 */
export type AttackContext = {
  base: string;
  server: () => Server;
  quick: boolean;
  eventId: number;
  roundId: number;
  /** The loopback redirect-loop server's hop counter (configured as BOOKING_SHEET_URL). */
  loop: { url: string; hops: () => number; reset: () => void };
  staffCookie: () => Promise<string>;
};

export type AttackResult = {
  /** What was sent, in one line. */
  sent: string;
  /** What the server answered / how it held, one line each. */
  observed: string[];
  /** Problems: empty when the server held. */
  problems: string[];
};

/** The tables whose row counts the run compares before and after each class. */
export type StoredTable = "contact" | "applications" | "newsletter" | "votes";

export type AttackClass = {
  name: string;
  /** The item this reproduces. */
  item: string;
  /**
   * Tables the class stores rows in on purpose, checking the number itself (vote stuffing: one
   * vote per phone is accepted). A row in any other table is a problem of the class.
   */
  mayStore?: readonly StoredTable[];
  run(ctx: AttackContext): Promise<AttackResult>;
};
