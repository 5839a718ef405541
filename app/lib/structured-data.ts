import { addDaysIso, BUSINESS_TIME_ZONE, normalizeTime } from "./dates";
import { zonedIso } from "./zoned-time";
import { plainText } from "./description";
import { priceAmount } from "./price";
import type { Show } from "./shows";
import { SITE } from "./site";
import { structuredDataImages } from "./image-variants";
import { performancesOf } from "./recurrence";
import { addressForVenue } from "./venues";

/** Most occurrences of one recurring show described in a page's JSON-LD. */
const MAX_OCCURRENCES = 12;

export type ComedyEventJsonLd = Record<string, unknown> & { "@type": "ComedyEvent" };

/** The end of a show when it has an end time (past midnight ends the next day). */
function endIso(date: string, start: string, end: string | null, zone: string): string | undefined {
  const endTime = normalizeTime(end);
  if (!endTime) return undefined;
  const endDate = endTime <= (normalizeTime(start) ?? "00:00") ? addDaysIso(date, 1) : date;
  return zonedIso(endDate, endTime, zone);
}

/**
 * schema.org ComedyEvent objects for a show: one per occurrence (a recurring show has
 * several), each with the Toronto offset of its own date (EDT or EST).
 */
export function showJsonLd(show: Show, origin: string, zone: string = BUSINESS_TIME_ZONE): ComedyEventJsonLd[] {
  const pageUrl = `${origin}/event/${show.id}`;
  // A processed image gives the three ratios search engines ask for; otherwise the stored link.
  const image = (show.image ? structuredDataImages(show.image) : [show.imageUrl || SITE.fallbackImage]).map((src) => new URL(src, origin).href);
  const description = plainText(show.description, { lines: true }) || show.summary || show.title;
  return performancesOf(show).performances
    .slice(0, MAX_OCCURRENCES)
    .map((o) => {
      const amount = priceAmount(o.price);
      const end = endIso(o.date, o.time, show.endTime, zone);
      return {
        "@context": "https://schema.org",
        "@type": "ComedyEvent",
        name: show.title,
        startDate: zonedIso(o.date, o.time, zone),
        ...(end ? { endDate: end } : {}),
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location: {
          "@type": "Place",
          name: show.venue,
          address: { "@type": "PostalAddress", ...addressForVenue(show.venue) },
        },
        image,
        description,
        url: pageUrl,
        offers: {
          "@type": "Offer",
          ...(amount !== null ? { price: amount } : {}),
          priceCurrency: "CAD",
          url: o.ticketUrl || pageUrl,
          availability: show.soldOut ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
        },
        organizer: { "@type": "Organization", name: SITE.name, url: origin },
      };
    });
}

/** JSON for a <script type="application/ld+json">: `<` and line separators escaped so no text ends the script. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
