/**
 * The honeypot field's name: the one declaration. The component renders it
 * (app/components/form-parts.tsx) and the server checks it (isHoneypotFilled in
 * app/utils/request-guards.server.ts).
 */
export const HONEYPOT_FIELD_NAME = "website";
