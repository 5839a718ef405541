import { z } from "zod";

/**
 * The staff login form's field names. The form (admin.login.tsx), its handler
 * (features/staff/login.server.ts) and the test kit's poster (tests/support/forms.ts) read them here.
 */
export const STAFF_LOGIN_FIELDS = {
  username: "username",
  password: "password",
  redirectTo: "redirectTo",
} as const;

/**
 * /admin/login: the page gives it to Conform, the handler reads the post with it (handleForm).
 * Lenient on purpose: a username is compared trimmed and in any case (the first account comes
 * from ADMIN_USERNAME, which may be any text) and a password is never trimmed; only what cannot
 * be a sign-in is refused before the budget is spent: an empty field, or one longer than any
 * account's (a username 2-40 characters, a password at most 200: app/lib/forms/staff.ts).
 */
export const staffLoginSchema = z.object({
  [STAFF_LOGIN_FIELDS.username]: z
    .string({ error: "Enter your username" })
    .trim()
    .toLowerCase()
    .min(1, "Enter your username")
    .max(100, "A username is at most 100 characters"),
  [STAFF_LOGIN_FIELDS.password]: z
    .string({ error: "Enter your password" })
    .max(200, "A password is at most 200 characters"),
  [STAFF_LOGIN_FIELDS.redirectTo]: z.string().max(2000).optional(),
});
export type StaffLoginValue = z.output<typeof staffLoginSchema>;
