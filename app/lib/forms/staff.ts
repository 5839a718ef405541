import { z } from "zod";

/**
 * The staff admin's forms (/admin/staff, /admin/two-factor, the sign-in's second step), one
 * schema each: the page gives it to Conform (getZodConstraint for the browser's constraints,
 * parseWithZod before posting), the server reads the page's union of them with handleForm.
 */
// The dash escaped: the browser compiles a `pattern` attribute with the `v` flag, where a bare
// `-` in a class is a syntax error (the attribute would be silently ignored).
// eslint-disable-next-line no-useless-escape
export const STAFF_USERNAME = /^[A-Za-z0-9._\-]{2,40}$/;
const username = z
  .string({ error: "Enter a username" })
  .trim()
  .regex(STAFF_USERNAME, "A username is 2-40 letters, digits, dots, dashes or underscores");
const password = z
  .string({ error: "Enter a password" })
  .min(10, "A password needs at least 10 characters")
  .max(200, "A password is at most 200 characters");
const id = z.coerce.number({ error: "Pick a staff member" }).int().positive().max(1e12);

export const addStaffSchema = z.object({ intent: z.literal("add"), username, password });
export const resetPasswordSchema = z.object({ intent: z.literal("reset"), staffId: id, password });
export const removeStaffSchema = z.object({ intent: z.literal("remove"), staffId: id });
export const endSessionSchema = z.object({
  intent: z.literal("end-session"),
  sessionKey: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, "Pick a session"),
});
export const resetTwoFactorSchema = z.object({ intent: z.literal("reset-two-factor"), staffId: id });
export const requireTwoFactorSchema = z.object({
  intent: z.literal("require-two-factor"),
  required: z.enum(["on", "off"]),
});

/** A code from the authenticator app (6 digits, spaces allowed) or a recovery code (xxxxx-xxxxx). */
export const secondFactorSchema = z.object({
  code: z
    .string({ error: "Enter the code from your authenticator app, or a recovery code" })
    .trim()
    .min(6, "Enter the 6-digit code from your authenticator app, or a recovery code")
    .max(32, "That code is too long"),
  redirectTo: z.string().max(2000).optional(),
});

export const enrolSchema = z.object({
  intent: z.literal("enable"),
  code: z
    .string({ error: "Enter the 6-digit code your app shows" })
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, "Enter the 6-digit code your app shows"),
});
export const disableTwoFactorSchema = z.object({
  intent: z.literal("disable"),
  code: secondFactorSchema.shape.code,
});

/** Every form of /admin/staff, told apart by its `intent`. */
export const staffPageSchema = z.discriminatedUnion("intent", [
  addStaffSchema,
  resetPasswordSchema,
  removeStaffSchema,
  endSessionSchema,
  resetTwoFactorSchema,
  requireTwoFactorSchema,
]);
export type StaffPageValue = z.output<typeof staffPageSchema>;

/** /admin/two-factor: turn it on (a code proves the scan) or off. */
export const twoFactorPageSchema = z.discriminatedUnion("intent", [enrolSchema, disableTwoFactorSchema]);
