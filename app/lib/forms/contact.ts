import { z } from "zod";
import { emailField, requiredText, submissionTokenField } from "./fields";

/** The contact form (/contact): every field required, e-mail format checked. */
export const contactSchema = z.object({
  name: requiredText("Name", 100),
  email: emailField(),
  subject: requiredText("Subject", 200),
  message: requiredText("Message", 5000),
  submissionToken: submissionTokenField(),
});

export type ContactInput = z.infer<typeof contactSchema>;

export const CONTACT_SUCCESS = "Your message has been sent successfully! We'll get back to you soon.";

export const contactErrorText = (email: string) =>
  `There was an error sending your message. Please try again or email directly to ${email}.`;
