/**
 * The honeypot field's name, for components (which may not import *.server.ts).
 * Must equal HONEYPOT_FIELD in app/utils/request-guards.server.ts (a unit test checks).
 */
export const HONEYPOT_FIELD_NAME = "website";
