/** Whether a description contains markup (then it is sanitized and rendered as HTML). */
export function hasMarkup(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.test(text);
}

/**
 * The description as plain text: tags dropped, entities decoded. Cards and meta tags get one
 * line (`lines: false`, the default); calendar feeds and JSON-LD keep paragraph breaks.
 */
export function plainText(text: string, { lines = false }: { lines?: boolean } = {}): string {
  if (!hasMarkup(text)) return lines ? text.trim() : text.replace(/\s+/g, " ").trim();
  const decoded = text
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>|<\/?(p|div|li|ul|ol|h\d|tr|table|section|article)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'");
  if (!lines) return decoded.replace(/\s+/g, " ").trim();
  return decoded
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
