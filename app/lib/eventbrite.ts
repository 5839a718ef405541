import { BUSINESS_TIME_ZONE, normalizeTime } from "./dates";
import type { ExternalEventDetails } from "./event-lookup";
import type {
  EventbriteEvent,
  EventbritePrice,
  EventbriteTicketClass,
  EventbriteVenue,
} from "./eventbrite-schemas";
import { sanitizeDescription } from "./sanitize";
import { seatsFromTicketClasses, type Seats, type TicketClassCounts } from "./seats";
import type { VenueRecord } from "./venue-records";
import { formatInZone } from "./zoned-time";

/**
 * The ONE mapper of the ticketing platform's events (parsed by ./eventbrite-schemas) to this
 * app's terms: `toSyncedShow` (and `toSyncedSeries` for a series) is what the sync stores,
 * and `mapEventbriteEvent` (load-from-URL) is that same show cut down to the form's fields,
 * so an event shows the same date, time, venue and price whichever way it came.
 */

/** A platform venue in this app's terms: one `venues` row per external id (its address parts). */
export type SyncedVenue = Omit<VenueRecord, "id" | "slug" | "isClub" | "isWinery"> & { externalId: string };

/** One date of a series (the platform's occurrence), with its own link and sold-out state. */
export type SyncedDate = {
  externalId: string;
  date: string;
  time: string;
  ticketUrl: string | null;
  price: string;
  soldOut: boolean;
  /** This date's seats from its ticket classes (null: the platform gave none). */
  seats: Seats | null;
};

/** A platform event in this app's terms: what the sync writes into `events`. */
export type SyncedShow = {
  externalId: string;
  title: string;
  description: string;
  summary: string | null;
  /** YYYY-MM-DD, wall clock in `timeZone` (or the business zone when null). */
  date: string;
  /** HH:MM */
  time: string;
  /** HH:MM of the end, when the platform gives one. */
  endTime: string | null;
  /** The end's day when it is not the start's day (multi-day shows, past midnight). */
  endDate: string | null;
  /** The event's IANA zone when it is not the business zone. */
  timeZone: string | null;
  /** The venue's name as pages show it ("Online" for online events, "TBA" when unknown). */
  venue: string;
  venueRecord: SyncedVenue | null;
  isOnline: boolean;
  imageUrl: string;
  ticketUrl: string | null;
  price: string;
  /** ISO 4217 code when it is not the business currency. */
  currency: string | null;
  soldOut: boolean;
  /** Seats from the ticket classes (null: none given, or a series, whose dates carry theirs). */
  seats: Seats | null;
  eventStatus: "scheduled" | "cancelled" | "postponed";
  /** Hidden from the public (unlisted, password, invite-only, draft): never stored as a public show. */
  hidden: boolean;
  hideStartDate: boolean;
  /** The future dates of a series (empty for a one-off show). */
  dates: SyncedDate[];
  source: "eventbrite";
};

export const BUSINESS_CURRENCY = "CAD";

/** The currency's price prefix as a Canadian reader expects it: "$" for CAD, "US$" for USD. */
export function currencyPrefix(
  currency: string | null | undefined,
  business: string = BUSINESS_CURRENCY,
): string {
  const code = (currency || business).toUpperCase();
  if (code === business) return "$";
  if (code === "USD") return "US$";
  if (code === "CAD") return "CA$";
  if (code === "GBP") return "£";
  if (code === "EUR") return "€";
  return `${code} `;
}

function amountOf(p: EventbritePrice): number | null {
  if (p?.major_value != null && p.major_value.trim() !== "" && Number.isFinite(Number(p.major_value))) {
    return Number(p.major_value);
  }
  if (typeof p?.value === "number") return p.value / 100;
  return null;
}

/** The event's currency: the ticket price's, else the event's. */
export function eventCurrency(ev: Pick<EventbriteEvent, "ticket_availability" | "currency">): string | null {
  const c = ev.ticket_availability?.minimum_ticket_price?.currency || ev.currency;
  return c ? c.toUpperCase() : null;
}

/**
 * The minimum price as stored: "25.00" → "$25", "25.5" → "$25.50", US dollars → "US$25";
 * a zero price or a free event is "Free"; nothing → "TBA".
 */
export function formatMinimumPrice(
  ev: Pick<EventbriteEvent, "ticket_availability" | "is_free" | "currency">,
  business: string = BUSINESS_CURRENCY,
): string {
  const amount = amountOf(ev.ticket_availability?.minimum_ticket_price);
  if (amount === null) return ev.is_free ? "Free" : "TBA";
  if (amount === 0) {
    const max = amountOf(ev.ticket_availability?.maximum_ticket_price);
    if (max === null || max === 0 || ev.is_free) return "Free";
  }
  const prefix = currencyPrefix(eventCurrency(ev), business);
  return prefix + (Number.isInteger(amount) ? `${amount}` : amount.toFixed(2));
}

/** Wall-clock date and time of an instant in a zone. */
function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const s = formatInZone(instant, "yyyy-MM-dd'T'HH:mm", zone);
  const [date, time] = s.split("T");
  return { date, time };
}

function validZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/**
 * A platform moment as wall-clock date/time in the event's zone: from `utc` (the instant)
 * and `timezone`; `local` only when `utc` is missing.
 */
export function momentOf(
  m: { local?: string | null; utc?: string | null; timezone?: string | null },
  fallbackZone: string,
): { date: string; time: string; zone: string } | null {
  const zone = validZone(m.timezone) ?? fallbackZone;
  if (m.utc) {
    const instant = new Date(m.utc);
    if (!Number.isNaN(instant.getTime())) return { ...wallClock(instant, zone), zone };
  }
  if (m.local && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(m.local)) {
    const [date, clock] = m.local.split("T");
    return { date, time: normalizeTime(clock.slice(0, 5)) ?? "19:00", zone };
  }
  return null;
}

const cleanText = (v: string | null | undefined) => {
  const t = (v ?? "").trim();
  return t ? t : null;
};

const coordinateOf = (v: string | number | null | undefined): number | null => {
  if (v == null || v === "") return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** The platform's venue as a record; null without an id or a name. */
export function toSyncedVenue(venue: EventbriteVenue | null | undefined): SyncedVenue | null {
  const name = cleanText(venue?.name);
  if (!venue?.id || !name) return null;
  const a = venue.address ?? {};
  const lat = coordinateOf(a.latitude ?? venue.latitude);
  const lng = coordinateOf(a.longitude ?? venue.longitude);
  return {
    externalId: venue.id,
    name,
    address1: cleanText(a.address_1),
    address2: cleanText(a.address_2),
    city: cleanText(a.city),
    region: cleanText(a.region),
    postalCode: cleanText(a.postal_code),
    country: cleanText(a.country)?.toUpperCase() ?? null,
    // 0,0 is the platform's "no coordinates", not a place in the Gulf of Guinea.
    latitude: lat !== null && lng !== null && !(lat === 0 && lng === 0) ? lat : null,
    longitude: lat !== null && lng !== null && !(lat === 0 && lng === 0) ? lng : null,
  };
}

/** Markup beyond a bare paragraph or line break: lists, emphasis, links, headings, several paragraphs. */
export function hasFormatting(html: string): boolean {
  if (/<(strong|b|em|i|u|ul|ol|li|a|h[1-6]|blockquote)\b/i.test(html)) return true;
  return (html.match(/<p\b/gi) ?? []).length > 1;
}

/** description.html (sanitized) when it has formatting, else the plain text. */
export function descriptionOf(ev: Pick<EventbriteEvent, "description" | "summary">): string {
  const html = ev.description?.html ?? "";
  const text = ev.description?.text?.trim() ?? "";
  if (html && (hasFormatting(html) || !text)) {
    const clean = sanitizeDescription(html).trim();
    if (clean) return clean;
  }
  return text || ev.summary?.trim() || "";
}

/** Never public: unlisted, password-protected, invite-only or draft. */
export function isHiddenEvent(
  ev: Pick<EventbriteEvent, "listed" | "password" | "invite_only" | "status">,
): boolean {
  return (
    ev.listed === false || Boolean(ev.password?.trim()) || ev.invite_only === true || ev.status === "draft"
  );
}

export function statusOf(status: string | null | undefined): SyncedShow["eventStatus"] {
  const s = (status ?? "").toLowerCase();
  if (s === "canceled" || s === "cancelled") return "cancelled";
  if (s === "postponed") return "postponed";
  return "scheduled";
}

export type MapOptions = {
  fallbackImage: string;
  /** A venue found by a separate look-up when the event came without an expanded venue. */
  venue?: EventbriteVenue | null;
  /** Kept for callers that only know a name. */
  venueName?: string | null;
  businessZone?: string;
  businessCurrency?: string;
  /** When the ticket classes are read (sales start and end are compared with it). */
  now?: Date;
};

/** A platform ticket class as the seats rule reads it. */
export function ticketClassCounts(c: EventbriteTicketClass): TicketClassCounts {
  return {
    quantityTotal: c.quantity_total ?? c.capacity ?? null,
    quantitySold: c.quantity_sold,
    onSaleStatus: c.on_sale_status?.toUpperCase() ?? null,
    salesStart: c.sales_start ?? null,
    salesEnd: c.sales_end ?? null,
    hidden: c.hidden === true || c.hidden_currently === true,
    donation: c.donation === true,
    category: c.category ?? null,
    salesChannels: c.sales_channels ?? null,
  };
}

/** An event's seats from its ticket classes (the expansion, or classes fetched on their own). */
export function seatsOfEvent(
  ev: Pick<EventbriteEvent, "ticket_classes" | "capacity">,
  now: Date = new Date(),
  classes: readonly EventbriteTicketClass[] | null | undefined = ev.ticket_classes,
): Seats | null {
  if (!classes?.length) return null;
  return seatsFromTicketClasses(classes.map(ticketClassCounts), { capacity: ev.capacity, now });
}

/** Maps one platform event (the sync and load-from-URL both use this: one mapper). */
export function toSyncedShow(ev: EventbriteEvent, options: MapOptions): SyncedShow {
  const businessZone = options.businessZone ?? BUSINESS_TIME_ZONE;
  const business = options.businessCurrency ?? BUSINESS_CURRENCY;
  const start = momentOf(ev.start, businessZone)!;
  const end = ev.end ? momentOf(ev.end, start.zone) : null;
  // An end at or before the start is the platform's "no end" (zero-length), not a show.
  const endsAfterStart = end && `${end.date}T${end.time}` > `${start.date}T${start.time}`;
  const isOnline = ev.online_event === true;
  const venueRecord = isOnline ? null : toSyncedVenue(ev.venue?.name ? ev.venue : options.venue);
  const venue = isOnline
    ? "Online"
    : venueRecord?.name ||
      cleanText(ev.venue?.name) ||
      cleanText(options.venue?.name) ||
      cleanText(options.venueName) ||
      "TBA";
  const currency = eventCurrency(ev);
  const seats = seatsOfEvent(ev, options.now);
  return {
    externalId: ev.id,
    title: (ev.name.text ?? "").trim() || "Untitled event",
    description: descriptionOf(ev),
    summary: ev.summary?.trim() || null,
    date: start.date,
    time: start.time,
    endTime: endsAfterStart ? end!.time : null,
    endDate: endsAfterStart && end!.date !== start.date ? end!.date : null,
    timeZone: start.zone === businessZone ? null : start.zone,
    venue,
    venueRecord,
    isOnline,
    imageUrl: ev.logo?.url || options.fallbackImage,
    ticketUrl: ev.url || null,
    price: formatMinimumPrice(ev, business),
    currency: currency && currency !== business ? currency : null,
    // Sold out when the platform says so, or when no public seat is left to sell online.
    soldOut: ev.ticket_availability?.is_sold_out === true || seats?.status === "sold_out",
    seats,
    eventStatus: statusOf(ev.status),
    hidden: isHiddenEvent(ev),
    hideStartDate: ev.hide_start_date === true,
    dates: [],
    source: "eventbrite",
  };
}

/**
 * A series parent and its occurrences as ONE recurring show: every occurrence on or after
 * `today` is a date with its own ticket link, price and sold-out state. Null when no
 * public occurrence is left.
 */
export function toSyncedSeries(
  parent: EventbriteEvent,
  occurrences: EventbriteEvent[],
  options: MapOptions & { today: string },
): SyncedShow | null {
  const base = toSyncedShow(parent, options);
  const dates = occurrences
    .filter((o) => !isHiddenEvent(o) && statusOf(o.status) === "scheduled")
    .map((o) => ({
      o,
      show: toSyncedShow(o, { ...options, venue: o.venue ?? parent.venue ?? options.venue }),
    }))
    .filter(({ show }) => show.date >= options.today)
    .sort((a, b) => `${a.show.date}T${a.show.time}`.localeCompare(`${b.show.date}T${b.show.time}`));
  if (dates.length === 0) return null;
  const first = dates[0].show;
  return {
    ...base,
    date: first.date,
    time: first.time,
    endTime: first.endTime,
    // Each date is one evening: no multi-day end across the series.
    endDate: null,
    timeZone: first.timeZone,
    ticketUrl: first.ticketUrl ?? base.ticketUrl,
    price: first.price !== "TBA" ? first.price : base.price,
    soldOut: dates.every(({ show }) => show.soldOut),
    seats: null,
    dates: dates.map(({ o, show }) => ({
      externalId: o.id,
      date: show.date,
      time: show.time,
      ticketUrl: show.ticketUrl,
      price: show.price,
      soldOut: show.soldOut,
      seats: show.seats,
    })),
  };
}

/** A series parent's id for the series endpoint (GET /series/{id}/events/). */
export function seriesIdOf(parent: Pick<EventbriteEvent, "series_id" | "id">): string {
  return parent.series_id || parent.id;
}

/** The venue id to look up when the event arrived without a venue name. */
export function venueToLookUp(ev: EventbriteEvent): string | null {
  if (ev.online_event === true || ev.venue?.name?.trim()) return null;
  return ev.venue_id && ev.venue_id !== "null" ? ev.venue_id : null;
}

/**
 * Maps one API event to the form's fields: the show the sync would store, without the stock
 * image. A series parent given its occurrences reads as the sync's recurring show (the next
 * date's day, time, link and price); without a future date, as the parent alone.
 */
export function mapEventbriteEvent(
  event: EventbriteEvent,
  ticketUrl: string,
  options: {
    venue?: EventbriteVenue | null;
    businessZone?: string;
    series?: { occurrences: EventbriteEvent[]; today: string };
  } = {},
): ExternalEventDetails {
  const mapOptions = { fallbackImage: "", venue: options.venue, businessZone: options.businessZone };
  const show =
    (options.series &&
      toSyncedSeries(event, options.series.occurrences, { ...mapOptions, today: options.series.today })) ||
    toSyncedShow(event, mapOptions);
  return {
    title: show.title,
    description: show.description,
    summary: show.summary,
    date: show.date,
    time: show.time,
    venue: show.venue,
    imageUrl: show.imageUrl || null,
    ticketUrl: show.ticketUrl ?? ticketUrl,
    price: show.price,
    isEventbrite: true,
  };
}
