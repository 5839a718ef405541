/** Plain positive integers up to 15 digits: the one shape of a row id in a URL or a form. */
export const ID_PATTERN = /^[1-9]\d{0,14}$/;

/**
 * A row id from a URL segment, query value or form field: plain positive integers up to 15
 * digits only. "0x10", "1e3", "1.5", "../x", huge values and uploaded files are not ids
 * (Number() would accept some). Answers 0 when the value is not an id: no row has id 0, so
 * lookups find nothing.
 */
export function parseId(raw: unknown): number {
  return typeof raw === "string" && ID_PATTERN.test(raw) ? Number(raw) : 0;
}

/**
 * A random token (vote tokens, device ids, waitlist tokens, submission tokens): 16 to 64
 * URL-safe characters (base64url or hex). The one shape every token check uses.
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Whether a value from a cookie, a URL or a form is a token of that shape. */
export function isToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}
