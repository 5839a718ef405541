import { addDaysIso, BUSINESS_TIME_ZONE, normalizeTime } from "./dates";
import { plainText } from "./description";
import { headshotImage } from "./headshots";
import { typicalAgeRange } from "./house-rules";
import { structuredDataImages } from "./image-variants";
import { comedianPath, type LineupEntry } from "./lineup";
import { priceAmount } from "./price";
import { performancesOf } from "./recurrence";
import { availabilityOf, offerAvailability } from "./seats";
import { showPlace } from "./show-place";
import type { Show } from "./shows";
import { SITE } from "./site";
import { zonedIso } from "./zoned-time";

/** The business currency (prices without their own currency are in it). */
const BUSINESS_CURRENCY = "CAD";

/** Most occurrences of one recurring show described in a page's JSON-LD. */
const MAX_OCCURRENCES = 12;

export type ComedyEventJsonLd = Record<string, unknown> & { "@type": "ComedyEvent" };

/** schema.org Person for a comedian (show `performer`s and the comedian page). */
export function personJsonLd(
  c: Pick<LineupEntry, "name" | "slug" | "headshot" | "links">,
  origin: string,
): Record<string, unknown> {
  return {
    "@type": "Person",
    name: c.name,
    url: new URL(comedianPath(c), origin).href,
    ...(c.headshot ? { image: new URL(headshotImage(c.headshot), origin).href } : {}),
    ...(c.links.length ? { sameAs: c.links } : {}),
  };
}

/**
 * The end of a show when it has an end time: on its end day for a multi-day show, else
 * the same evening (past midnight ends the next day).
 */
export function endIso(
  date: string,
  start: string,
  end: string | null | undefined,
  zone: string,
  endDay?: string | null,
): string | undefined {
  const endTime = normalizeTime(end);
  if (!endTime) return undefined;
  if (endDay && endDay > date) return zonedIso(endDay, endTime, zone);
  const endDate = endTime <= (normalizeTime(start) ?? "00:00") ? addDaysIso(date, 1) : date;
  return zonedIso(endDate, endTime, zone);
}

const STATUS = {
  scheduled: "https://schema.org/EventScheduled",
  cancelled: "https://schema.org/EventCancelled",
  postponed: "https://schema.org/EventPostponed",
} as const;

/**
 * schema.org ComedyEvent objects for a show: one per occurrence (a recurring show has
 * several), each with the Toronto offset of its own date (EDT or EST).
 */
export function showJsonLd(
  show: Show,
  origin: string,
  businessZone: string = BUSINESS_TIME_ZONE,
  now: Date = new Date(),
): ComedyEventJsonLd[] {
  // A show whose start the organiser hides has no date to describe.
  if (show.hideStartDate) return [];
  const zone = show.timeZone || businessZone;
  const place = showPlace(show);
  const pageUrl = `${origin}/event/${show.id}`;
  // A processed image gives the three ratios search engines ask for; otherwise the stored link,
  // or the stock JPEG (search engines do not take the SVG the pages show).
  const image = (
    show.image
      ? structuredDataImages(show.image)
      : show.imageUrl
        ? [show.imageUrl]
        : structuredDataImages(null)
  ).map((src) => new URL(src, origin).href);
  const description = plainText(show.description, { lines: true }) || show.summary || show.title;
  const ageRange = typicalAgeRange(show.houseRules);
  return performancesOf(show)
    .performances.slice(0, MAX_OCCURRENCES)
    .map((o) => {
      const amount = priceAmount(o.price);
      const end = endIso(o.date, o.time, show.endTime, zone, show.dates.length ? null : show.endDate);
      // From the platform's seats when it gave them (app/lib/seats.ts), else the sold-out mark.
      const seats = o.seats ?? null;
      const availability = availabilityOf({ soldOut: show.soldOut || Boolean(o.soldOut), seats }, now);
      return {
        "@context": "https://schema.org",
        "@type": "ComedyEvent",
        name: show.title,
        startDate: zonedIso(o.date, o.time, zone),
        ...(end ? { endDate: end } : {}),
        eventStatus: STATUS[show.eventStatus ?? "scheduled"],
        eventAttendanceMode: place.online
          ? "https://schema.org/OnlineEventAttendanceMode"
          : "https://schema.org/OfflineEventAttendanceMode",
        location: place.online
          ? { "@type": "VirtualLocation", url: o.ticketUrl || pageUrl }
          : {
              "@type": "Place",
              name: place.name,
              ...(place.postalAddress ? { address: place.postalAddress } : {}),
              ...(place.geo ? { geo: place.geo } : {}),
            },
        image,
        description,
        url: pageUrl,
        offers: {
          "@type": "Offer",
          ...(amount !== null ? { price: amount } : {}),
          priceCurrency: show.currency || BUSINESS_CURRENCY,
          url: o.ticketUrl || pageUrl,
          availability: offerAvailability(availability),
          ...(availability === "not-yet" && seats?.salesStart ? { validFrom: seats.salesStart } : {}),
        },
        organizer: { "@type": "Organization", name: SITE.name, url: origin },
        ...(ageRange ? { typicalAgeRange: ageRange } : {}),
        ...(show.lineup?.length ? { performer: show.lineup.map((c) => personJsonLd(c, origin)) } : {}),
      };
    });
}
