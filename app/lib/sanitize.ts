import sanitizeHtml from "sanitize-html";
import { hasMarkup } from "./description";
import { isWebUrl } from "./web-url";

/**
 * Show descriptions may contain markup: it is sanitized with this allow-list on the server
 * (loaders and the sync call it) before anything renders it.
 */

/** The markup a show description may keep; everything else (scripts, styles, handlers) goes. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "a",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "span",
  ],
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

/**
 * A stored link or image address as pages may use it: http(s) only (images may also be a
 * site path such as /images/x.svg); anything else (javascript:, data:, vbscript:) is dropped.
 * The staff form and the sync only store such URLs; this guards rows written any other way.
 */
export function safeWebUrl(value: string | null | undefined, allowSitePath = false): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  return isWebUrl(trimmed, allowSitePath) ? trimmed : null;
}

/** The SVG a QR code may hold (the qrcode library draws a background and one path of modules). */
const QR_SVG_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["svg", "path"],
  allowedAttributes: {
    svg: ["xmlns", "width", "height", "viewBox", "shape-rendering"],
    path: ["fill", "stroke", "d"],
  },
  disallowedTagsMode: "discard",
  parser: { lowerCaseAttributeNames: false },
};

/** A QR code's SVG, reduced to shapes: no script, handler, link or style can reach the page. */
export function sanitizeQrSvg(svg: string): string {
  return sanitizeHtml(svg, QR_SVG_OPTIONS);
}
