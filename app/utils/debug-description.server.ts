import sanitizeHtml from "sanitize-html";

/**
 * TEMPORARY (issue 5): the debug page's "as rendered on the public page" view until the
 * public-pages branch's app/utils/sanitize.server.ts `renderDescription` is merged; the
 * lead replaces this file's one caller with that function. A conservative allow-list:
 * plain text becomes paragraphs, markup keeps only basic formatting and http(s) links.
 */
export function renderDescriptionForDebug(description: string): string {
  const hasMarkup = /<[a-z][\s\S]*>/i.test(description);
  const html = hasMarkup
    ? description
    : description
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
        .join("");
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h2", "h3", "h4", "blockquote"],
    allowedAttributes: { a: ["href", "title"] },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }) },
  });
}

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
