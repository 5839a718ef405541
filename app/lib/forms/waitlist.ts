import { z } from "zod";
import { isIsoDate } from "../dates";
import { consentField } from "./consent-field";
import { emailField } from "./fields";

/** "Tell me when tickets free up" on a sold-out show or date. */
export const waitlistSchema = z.object({
  email: emailField(),
  /** The performance (YYYY-MM-DD); the show's own date for a one-off. */
  /** One message, said once: the string schema's `error` also words its refinement's issue. */
  date: z.string({ error: "Choose a date" }).trim().refine(isIsoDate),
  /** The consent wording's version the page showed (app/lib/consent.ts). */
  consent: consentField("waitlist"),
});

export type WaitlistInput = z.infer<typeof waitlistSchema>;
