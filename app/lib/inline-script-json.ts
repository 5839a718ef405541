/**
 * JSON to write inside an inline <script> (the JSON-LD blocks, the after-paint starter):
 * `<`, `>`, `&` and the line separators escaped, so no value can end the element, open a
 * comment or break the script; the browser still parses the same values.
 */
export function inlineScriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
