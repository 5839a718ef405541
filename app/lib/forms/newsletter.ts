import { z } from "zod";
import { emailField } from "./fields";

/** The "Notify Me" newsletter box on /merch. */
export const newsletterSchema = z.object({
  email: emailField(),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

export const NEWSLETTER_SUCCESS = "Thanks! We'll let you know when merch is available.";
export const NEWSLETTER_ALREADY = "You're already on the list: we'll let you know when merch is available.";
