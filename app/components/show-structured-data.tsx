import { useBusinessZone } from "~/components/business-zone";
import type { Show } from "~/lib/shows";
import { serializeJsonLd, showJsonLd } from "~/lib/structured-data";

/**
 * schema.org ComedyEvent JSON-LD for one or more shows (show pages and listings),
 * rendered as a <script type="application/ld+json"> data block.
 */
export function ShowStructuredData({ shows, origin }: { shows: Show[]; origin: string }) {
  const zone = useBusinessZone();
  if (shows.length === 0) return null;
  const showsJsonLd = shows.flatMap((show) => showJsonLd(show, origin, zone));
  // serializeJsonLd escapes "<" so no value can close the script element.
  const escapedJsonLd = serializeJsonLd(showsJsonLd.length === 1 ? showsJsonLd[0] : showsJsonLd);
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: escapedJsonLd }} />;
}
