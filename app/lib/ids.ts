/**
 * A row id from a URL segment or query value: plain positive integers up to 15 digits only.
 * "0x10", "1e3", "1.5", "../x" and huge values are not ids (Number() would accept some).
 * Answers 0 when the text is not an id: no row has id 0, so lookups find nothing.
 */
export function parseId(raw: string | null | undefined): number {
  return raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
}
