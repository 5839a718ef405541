import { z } from "zod";
import { emailField, requiredText, submissionTokenField } from "./fields";

/** The spec's 140-character limit on the fun bio. */
export const FUN_BIO_MAX = 140;

/**
 * The contestant application; field names are the spec's (from_name, from_email, ...).
 * The minimum age is the show's own setting; the box only confirms it.
 */
export const contestantApplicationSchema = z.object({
  from_name: requiredText("Full name", 100),
  from_email: emailField(),
  mobile_number: z
    .string({ error: "Mobile number is required" })
    .trim()
    .regex(/^\+?[\d\s().-]{7,20}$/, "Enter a valid mobile number"),
  is_over_19: z
    .boolean({ error: "You must confirm you meet the minimum age" })
    .refine((v) => v, "You must confirm you meet the minimum age"),
  can_attend: z.enum(["yes", "no"], { error: "Please answer whether you can attend" }),
  will_attend_if_not_selected: z.enum(["yes", "no"]).optional(),
  fun_bio: z
    .string()
    .trim()
    .max(FUN_BIO_MAX, `Keep your bio to ${FUN_BIO_MAX} characters or fewer`)
    .optional(),
  accepts_terms: z
    .boolean({ error: "You must agree to the terms to apply" })
    .refine((v) => v, "You must agree to the terms to apply"),
  submissionToken: submissionTokenField(),
  returnTo: z.string().max(300).optional(),
});

export type ContestantApplicationInput = z.infer<typeof contestantApplicationSchema>;

export const applicationErrorText = (email: string) =>
  `There was an error submitting your application. Please try again or contact us directly at ${email}`;
