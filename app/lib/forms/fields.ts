import { z } from "zod";
import { TOKEN_PATTERN } from "../ids";

/** Shared field rules of the public forms (each form's schema lives in its own file). */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Trimmed, lower-cased e-mail address. */
export const emailField = () =>
  z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Enter a valid email address"));

/** The hidden token generated when the form was rendered; a replayed post carries the same one. */
export const submissionTokenField = () =>
  z.string().trim().regex(TOKEN_PATTERN, "The form expired: please reload the page and try again").optional();
