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
  /** The server's SQLite file (read with plain SQL: the schema of the build attacked). */
  dbFile: string;
  /** A sold-out show (the waitlist classes). */
  soldOutEventId: number;
  /** A second staff account, for the login budget classes (the first one stays usable). */
  victim: { username: string; password: string };
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
  /**
   * The class fills the server's connection cap on purpose: /healthcheck probes that fail while
   * it runs are reported, not counted against it (its own checks say whether the server held).
   */
  probeFailuresExpected?: boolean;
  run(ctx: AttackContext): Promise<AttackResult>;
};
