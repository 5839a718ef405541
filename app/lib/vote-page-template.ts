/**
 * The cached /vote page (issue 20): rendered once per open round with placeholder values,
 * then sent to each visitor with their own vote token, CSP nonce and room code put in.
 *
 * The placeholders are plain letters and digits, and every value put in their place is too
 * (a token is base64url, a nonce base64, a room code digits), so no escaping differs between the
 * HTML attribute, the hydration JSON and the URL the page repeats: a plain replacement is exact.
 */
export const VOTE_PAGE_MARKS = {
  token: "Zq9VoteTokenSlotXk2Wm7",
  nonce: "Zq9NonceSlotXk2Wm7Pp4Rr",
  code: "Zq9CodeSlotX",
} as const;

/** What the server passes in the load context to render the template. */
export type VotePageTemplateContext = { token: string; prefill: string };

/**
 * Whether a /vote query can be answered from the cached page: only `round` (digits) and `code`
 * (up to 12 digits: the room code the projector's QR code carries), each at most once. Anything
 * else (a filter `q`, a thank-you, unknown parameters) gets the normal render. Returns the round
 * asked for (or null), the code, and the query with the code's value replaced by its mark (the
 * template's URL and part of its key), or null.
 */
export function templateQuery(
  search: string,
): { round: number | null; code: string | null; templateSearch: string } | null {
  const params = new URLSearchParams(search);
  let round: number | null = null;
  let code: string | null = null;
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (seen.has(name)) return null;
    seen.add(name);
    if (name === "round" && /^\d{1,9}$/.test(value)) round = Number(value) || null;
    else if (name === "code" && /^\d{0,12}$/.test(value)) code = value;
    else return null;
  }
  const templateSearch =
    code === null ? search : search.replace(/([?&]code=)\d*/, `$1${VOTE_PAGE_MARKS.code}`);
  if (code !== null && !templateSearch.includes(VOTE_PAGE_MARKS.code)) return null;
  // Only the plain form of the parameters ("?round=3&code=123456"), so the page repeats it as is.
  if (!/^(\?([a-z]+=[0-9A-Za-z]*)(&[a-z]+=[0-9A-Za-z]*)*)?$/.test(templateSearch)) return null;
  return { round, code, templateSearch };
}
