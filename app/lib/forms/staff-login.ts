/**
 * The staff login form's field names. The form (admin.login.tsx), the auth strategy
 * (auth.server.ts) and the test kit's poster (tests/support/forms.ts) read them here.
 */
export const STAFF_LOGIN_FIELDS = {
  username: "username",
  password: "password",
  redirectTo: "redirectTo",
} as const;
