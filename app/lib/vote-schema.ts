import { z } from "zod";
import { idField } from "./id-field";
import { TOKEN_PATTERN } from "./ids";
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

/** Open a voting round (/admin/rounds). */
export const openRoundSchema = z.object({
  title: z.string({ error: "Please give the round a title" }).trim().min(1).max(120),
  comedianIds: z
    .array(idField("Choose at least one comedian for the round"), {
      error: "Choose at least one comedian for the round",
    })
    .min(1),
});

/** The results gate (/results). */
export const gateSchema = z.object({
  password: z.string({ error: "Please enter the password" }).min(1),
});
