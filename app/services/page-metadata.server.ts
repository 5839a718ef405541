import type { EventUrlKind, ExternalEventDetails } from "~/lib/event-lookup";
import { extractEventFromHtml } from "~/lib/page-metadata";
import { safeFetchText } from "~/utils/safe-fetch.server";

/** Fetches a web page and reads its event from schema.org / Open Graph metadata, or null. */
export async function fetchPageEvent(
  url: string,
  kind: EventUrlKind,
  today: string,
): Promise<ExternalEventDetails | null> {
  const page = await safeFetchText(url, {
    headers: {
      Accept: "text/html,application/xhtml+xml",
      "User-Agent": "LaughWindsorBot/1.0 (+event import)",
    },
    timeoutMs: 8_000,
    maxBytes: 2 * 1024 * 1024,
  });
  return extractEventFromHtml(page.text, page.url, kind, today);
}
