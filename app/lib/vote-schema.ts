import { z } from "zod";
import { idField } from "./id-field";
import { TOKEN_PATTERN } from "./ids";
import { TICKET_CHECKS } from "./ticket-votes";
import { isValidEmail, normalizeEmail, VOTE_MESSAGES } from "./vote";

// A field's "required" message is its string (or array) schema's `error`, said once: zod words
// every issue of that schema that has no message of its own with it, `.min(1)` included.

/** The /vote form, parsed on the server. */
export const voteSchema = z.object({
  roundId: idField(),
  voteToken: z.string().regex(TOKEN_PATTERN),
  comedianId: idField(VOTE_MESSAGES.comedianRequired),
  email: z
    .string({ error: VOTE_MESSAGES.emailRequired })
    .trim()
    .min(1)
    .refine(isValidEmail, VOTE_MESSAGES.emailInvalid)
    .transform(normalizeEmail),
  /** The room code, when the host has it on (checked by the server against the round). */
  roomCode: z.string().max(40).optional(),
});
export type VoteInput = z.infer<typeof voteSchema>;

/** Add comedian (/manage-comedians). */
export const comedianSchema = z.object({
  name: z
    .string({ error: "Comedian name is required" })
    .trim()
    .min(1)
    .max(100, "Please keep the name under 100 characters"),
  bio: z
    .string()
    .trim()
    .max(500, "Please keep the bio under 500 characters")
    .optional()
    .transform((v) => (v ? v : null)),
});

/** The spec's ballot title: the default of a new round's title (/vote shows it as its heading). */
export const DEFAULT_ROUND_TITLE = "2 Minutes to Kill - Vote For Your Favorite";

/** "12:2026-11-26": a show and the date of it the round's room votes at (the value of the show picker). */
export const SHOW_DATE_PATTERN = /^[1-9]\d{0,14}:\d{4}-\d{2}-\d{2}$/;

/** When a scheduled round opens: the datetime-local field, in the business time zone. */
const opensAtField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Please give the opening time as a date and a time")
  .optional();
/** Issue 41: whether the round checks its votes against the show's ticket holders. */
const ticketCheckField = z
  .enum(TICKET_CHECKS, { error: "Choose how the round treats ticket holders" })
  .default("off");

const roomSeatsField = z
  .number({ error: "Please give the number of seats as a whole number" })
  .int("Please give the number of seats as a whole number")
  .min(20, "A room has at least 20 seats here")
  .max(5000, "A room has at most 5,000 seats here")
  .optional();

/**
 * Open a voting round (/admin/rounds, issue 37): a show and its date, a title, the comedians
 * (the show's line-up is ticked for you), optionally when it opens and the room's seats.
 * `confirm` is the answer to "another room is voting: open this one too?".
 */
export const openRoundSchema = z.object({
  show: z
    .string({ error: "Choose the show and date this round is voted at" })
    .regex(SHOW_DATE_PATTERN, "Choose the show and date this round is voted at"),
  title: z.string({ error: "Please give the round a title" }).trim().min(1).max(120),
  comedianIds: z
    .array(idField("Choose at least one comedian for the round"), {
      error: "Choose at least one comedian for the round",
    })
    .min(1),
  opensAt: opensAtField,
  roomSeats: roomSeatsField,
  ticketCheck: ticketCheckField,
  confirm: z.literal("yes").optional(),
});

/** The application review's "Open a voting round with the shortlisted": the rest comes from the show. */
export const shortlistRoundSchema = z.object({
  opensAt: opensAtField,
  roomSeats: roomSeatsField,
  ticketCheck: ticketCheckField,
  confirm: z.literal("yes").optional(),
});

/** The show and date of a round, from the picker's value (already checked by SHOW_DATE_PATTERN). */
export function parseShowDate(value: string): { eventId: number; date: string } {
  const [id, date] = value.split(":");
  return { eventId: Number(id), date };
}

/** The results gate (/results). */

/** The host's buttons on /results (POST /results/host): one command per post. */
export const HOST_INTENTS = [
  "mode-live",
  "mode-hidden",
  "reveal-next",
  "reveal-auto",
  "close-in",
  "close-now",
  "close-and-reveal",
  "void-burst",
  "tickets-require",
  "tickets-prefer",
] as const;
export const hostCommandSchema = z.object({
  roundId: idField("Which round?"),
  intent: z.enum(HOST_INTENTS, { error: "Unknown host command." }),
  seconds: z
    .number()
    .int()
    .min(5)
    .max(24 * 3600)
    .optional(),
  every: z.number().int().min(2).max(60).optional(),
  /** void-burst: the burst's address, comedian and time range (ms), from the alarm. */
  ip: z.string().min(1).max(64).optional(),
  comedianId: idField().optional(),
  from: z.number().int().min(0).optional(),
  to: z.number().int().min(0).optional(),
});
