import { z } from "zod";
import { consentField } from "./consent-field";
import { emailField } from "./fields";

/** The "Notify Me" newsletter box on /merch. */
export const newsletterSchema = z.object({
  email: emailField(),
  /** The consent wording's version the page showed (app/lib/consent.ts). */
  consent: consentField("newsletter"),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;
