/**
 * A random token put in a hidden field when a form is rendered. The server stores it
 * with the submission (unique column), so a replayed post (double click, a retry after a
 * lost response) is recognised and stores nothing new. getRandomValues works in Node and
 * in every browser, also on plain-http origins.
 */
export function newSubmissionToken(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
