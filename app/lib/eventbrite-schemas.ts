import { z } from "zod";

/**
 * The ticketing platform's payloads (Eventbrite API v3), parsed with zod: an answer is never
 * trusted. What they mean in this app's terms is the mapper's business (./eventbrite).
 */
const textBlock = z.object({ text: z.string().nullish(), html: z.string().nullish() }).nullish();

const price = z
  .object({
    currency: z.string().nullish(),
    /** "25.00" */
    major_value: z.string().nullish(),
    /** minor units: 2500 */
    value: z.number().nullish(),
    display: z.string().nullish(),
  })
  .nullish();

/** Latitude/longitude arrive as strings ("42.3149"), sometimes empty. */
const coordinate = z.union([z.string(), z.number()]).nullish();

export const eventbriteAddressSchema = z
  .object({
    address_1: z.string().nullish(),
    address_2: z.string().nullish(),
    city: z.string().nullish(),
    region: z.string().nullish(),
    postal_code: z.string().nullish(),
    country: z.string().nullish(),
    latitude: coordinate,
    longitude: coordinate,
    localized_address_display: z.string().nullish(),
  })
  .passthrough();

export const eventbriteVenueSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String).nullish(),
    name: z.string().nullish(),
    address: eventbriteAddressSchema.nullish(),
    latitude: coordinate,
    longitude: coordinate,
  })
  .passthrough();

/** A count the platform sends as a number (sometimes as a numeric string, or "" for none). */
const count = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined || v === "") return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  });

/**
 * A ticket class (GET /events/{id}/ticket_classes/, or the event's `ticket_classes`
 * expansion): what the seats rule reads. Other fields (cost, fee, variants...) pass through.
 */
export const eventbriteTicketClassSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    name: z.string().nullish(),
    quantity_total: count,
    quantity_sold: count,
    capacity: count,
    on_sale_status: z.string().nullish(),
    /** UTC instants, "2021-06-02T04:00:00Z". */
    sales_start: z.string().nullish(),
    sales_end: z.string().nullish(),
    hidden: z.boolean().nullish(),
    hidden_currently: z.boolean().nullish(),
    donation: z.boolean().nullish(),
    free: z.boolean().nullish(),
    category: z.string().nullish(),
    sales_channels: z.array(z.string()).nullish(),
    event_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  })
  .passthrough();

export const eventbriteTicketClassesPageSchema = z.object({
  pagination: z
    .object({ has_more_items: z.boolean().nullish(), continuation: z.string().nullish() })
    .nullish(),
  ticket_classes: z.array(eventbriteTicketClassSchema),
});

const moment = z.object({
  /** Venue wall-clock time, "2026-05-16T19:30:00". */
  local: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, "expected YYYY-MM-DDTHH:MM"),
  timezone: z.string().nullish(),
  /** The instant, "2026-05-16T23:30:00Z": what the app trusts. */
  utc: z.string().nullish(),
});

export const eventbriteEventSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  /** The organiser's organisation: a webhook's event of another organisation is not refreshed. */
  organization_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  name: z.object({ text: z.string().nullish(), html: z.string().nullish() }),
  description: textBlock,
  summary: z.string().nullish(),
  url: z.string().nullish(),
  start: moment,
  end: moment.partial({ local: true }).nullish(),
  status: z.string().nullish(),
  currency: z.string().nullish(),
  listed: z.boolean().nullish(),
  shareable: z.boolean().nullish(),
  invite_only: z.boolean().nullish(),
  password: z.string().nullish(),
  online_event: z.boolean().nullish(),
  hide_start_date: z.boolean().nullish(),
  is_series: z.boolean().nullish(),
  is_series_parent: z.boolean().nullish(),
  series_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  venue_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  venue: eventbriteVenueSchema.nullish(),
  logo: z
    .object({
      /** The organiser's crop, sized for listings. */
      url: z.string().nullish(),
      crop_mask: z.unknown().nullish(),
      // `original` (the upload as it was, often 6000×4000) is never used, so never checked: a
      // change in its shape must not refuse a show (it stays in the answer through passthrough).
    })
    .passthrough()
    .nullish(),
  is_free: z.boolean().nullish(),
  /** The event's own capacity, when the organiser set one (may be below the classes' sum). */
  capacity: count,
  /** The `ticket_classes` expansion (absent when not asked for). */
  ticket_classes: z.array(eventbriteTicketClassSchema).nullish(),
  ticket_availability: z
    .object({
      is_sold_out: z.boolean().nullish(),
      has_available_tickets: z.boolean().nullish(),
      minimum_ticket_price: price,
      maximum_ticket_price: price,
    })
    .passthrough()
    .nullish(),
});

export const eventbriteEventsPageSchema = z.object({
  pagination: z
    .object({
      has_more_items: z.boolean().nullish(),
      continuation: z.string().nullish(),
    })
    .nullish(),
  events: z.array(eventbriteEventSchema),
});

/** Any resource a webhook names (an order, an attendee, a ticket class): what event it belongs to. */
export const eventbriteResourceSchema = z
  .object({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    event_id: z
      .union([z.string().min(1), z.number()])
      .transform(String)
      .nullish(),
  })
  .passthrough();

/**
 * An attendee (one ticket) of GET /events/{id}/attendees/: only what the box office keeps or
 * decides on. The rest (name, costs, answers, barcodes...) is dropped as soon as it is parsed.
 */
export const eventbriteAttendeeSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  order_id: z.union([z.string().min(1), z.number()]).transform(String),
  event_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  profile: z.object({ email: z.string().nullish() }).nullish(),
  checked_in: z.boolean().nullish(),
  cancelled: z.boolean().nullish(),
  refunded: z.boolean().nullish(),
  /** The tracking link's code (`aff=`) the ticket was bought through, or null. */
  affiliate: z.string().nullish(),
  status: z.string().nullish(),
});

export const eventbriteAttendeesPageSchema = z.object({
  pagination: z
    .object({ has_more_items: z.boolean().nullish(), continuation: z.string().nullish() })
    .nullish(),
  attendees: z.array(eventbriteAttendeeSchema),
});

export type EventbriteAttendee = z.infer<typeof eventbriteAttendeeSchema>;

export type EventbriteEvent = z.infer<typeof eventbriteEventSchema>;
export type EventbriteVenue = z.infer<typeof eventbriteVenueSchema>;
export type EventbriteEventsPage = z.infer<typeof eventbriteEventsPageSchema>;
export type EventbritePrice = z.infer<typeof price>;
export type EventbriteTicketClass = z.infer<typeof eventbriteTicketClassSchema>;
