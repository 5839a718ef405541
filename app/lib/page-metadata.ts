import { parse } from "node-html-parser";
import { normalizeTime } from "./dates";
import type { EventUrlKind, ExternalEventDetails } from "./event-lookup";

/**
 * Reads an event out of a web page (table-booking platform pages and any other URL):
 * schema.org Event data in JSON-LD first, then Open Graph tags, then <title>.
 * Pure: the fetch lives in app/services/page-metadata.server.ts. Answers null when the
 * page says nothing usable (no title at all), so the caller falls back to the placeholder.
 */
export function extractEventFromHtml(
  html: string,
  pageUrl: string,
  kind: EventUrlKind,
  today: string,
): ExternalEventDetails | null {
  const root = parse(html);
  const meta = (key: string) =>
    root.querySelector(`meta[property="${key}"]`)?.getAttribute("content")?.trim() ||
    root.querySelector(`meta[name="${key}"]`)?.getAttribute("content")?.trim() ||
    undefined;

  const ld = findJsonLdEvent(root.querySelectorAll('script[type="application/ld+json"]').map((s) => s.text));
  const title =
    str(ld?.name) || meta("og:title") || meta("twitter:title") || root.querySelector("title")?.text.trim();
  if (!title) return null;

  const start = str(ld?.startDate) ?? meta("event:start_time") ?? "";
  const { date, time } = splitStart(start);
  const location = ld?.location as Record<string, unknown> | string | undefined;
  const venue = typeof location === "string" ? location : str(location?.name);
  const image = ld?.image;
  const imageUrl =
    str(
      Array.isArray(image)
        ? image[0]
        : typeof image === "object" && image
          ? (image as Record<string, unknown>).url
          : image,
    ) ?? meta("og:image");
  const offers = Array.isArray(ld?.offers) ? ld?.offers : ld?.offers ? [ld.offers] : [];
  const prices = (offers as Record<string, unknown>[])
    .map((o) => Number(o?.price ?? o?.lowPrice))
    .filter((n) => Number.isFinite(n));
  const description = str(ld?.description) ?? meta("og:description") ?? meta("description") ?? "";

  return {
    title,
    description,
    summary: null,
    date: date ?? today,
    time: time ?? "19:00",
    venue: venue ?? "TBA",
    imageUrl: imageUrl ? absolute(imageUrl, pageUrl) : null,
    ticketUrl: str(ld?.url) ? absolute(str(ld?.url)!, pageUrl) : meta("og:url") || pageUrl,
    price: prices.length ? formatPrice(Math.min(...prices)) : "TBA",
    isEventbrite: kind === "eventbrite",
  };
}

function findJsonLdEvent(blocks: string[]): Record<string, unknown> | undefined {
  for (const block of blocks) {
    let data: unknown;
    try {
      data = JSON.parse(block);
    } catch {
      continue;
    }
    const queue: unknown[] = [data];
    while (queue.length) {
      const item = queue.shift();
      if (Array.isArray(item)) {
        queue.push(...item);
      } else if (item && typeof item === "object") {
        const record = item as Record<string, unknown>;
        const type = record["@type"];
        const types = Array.isArray(type) ? type : [type];
        if (types.some((t) => typeof t === "string" && /Event$/.test(t))) return record;
        if (Array.isArray(record["@graph"])) queue.push(...(record["@graph"] as unknown[]));
      }
    }
  }
  return undefined;
}

/** "2026-05-16T19:30:00-04:00" → the wall-clock date and time as written on the page. */
function splitStart(start: string): { date?: string; time?: string } {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(start);
  if (!m) return {};
  return { date: m[1], time: m[2] ? (normalizeTime(m[2]) ?? undefined) : undefined };
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

function absolute(value: string, base: string) {
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

function formatPrice(n: number) {
  return Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`;
}
