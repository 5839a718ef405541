import sanitizeHtml from "sanitize-html";
import { hasMarkup } from "./description";

/**
 * Show descriptions may contain markup: it is sanitized with this allow-list on the server
 * (loaders and the sync call it) before anything renders it.
 */

/** The markup a show description may keep; everything else (scripts, styles, handlers) goes. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h2", "h3", "h4", "blockquote", "span"],
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
    h1: "h2",
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * A description ready to render: sanitized HTML when it contains markup, otherwise the plain
 * text (rendered with its line breaks kept).
 */
export function renderDescription(description: string): { html: string } | { text: string } {
  return hasMarkup(description) ? { html: sanitizeDescription(description) } : { text: description };
}
