/** Markup-free text from a description that may contain HTML (JSON-LD, calendar feeds). */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>|<\/?(p|div|li|ul|ol|h\d|tr|table|section|article)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A price in dollars from free text ("$25", "25.50 CAD", "Free"); null when there is none (TBA). */
export function priceAmount(price: string | null | undefined): string | null {
  if (!price) return null;
  if (/\bfree\b/i.test(price)) return "0";
  const m = /(\d+(?:\.\d{1,2})?)/.exec(price.replace(/,/g, ""));
  return m ? m[1] : null;
}
