/**
 * Seats left, from the ticketing platform's ticket classes (issue 41). Pure rules: what the
 * numbers mean for a visitor ("Last few tickets", "Sales end ...", the chip on a card, the
 * JSON-LD availability, the "tickets left" filter). Nothing is ever invented: without the
 * platform's numbers (a show staff entered, a platform that sent no ticket classes) a show
 * says only what staff or the platform said (sold out or not).
 */

/** The platform's state of the public ticket classes taken together. */
export type SalesStatus = "on_sale" | "not_yet_on_sale" | "sales_ended" | "sold_out" | "unavailable";

/** A show's (or one series date's) seats as stored: from the platform's ticket classes. */
export type Seats = {
  /** Seats the public can buy in all: the classes' quantity_total, capped by the event's capacity. */
  total: number;
  /** Of those, sold (quantity_sold). */
  sold: number;
  status: SalesStatus;
  /** ISO instant the first public class goes on sale (when none is on sale yet). */
  salesStart: string | null;
  /** ISO instant the last public class stops selling online. */
  salesEnd: string | null;
};

/** One ticket class as the rule reads it (the platform's fields, parsed). */
export type TicketClassCounts = {
  quantityTotal: number | null;
  quantitySold: number | null;
  onSaleStatus: string | null;
  salesStart: string | null;
  salesEnd: string | null;
  hidden: boolean;
  donation: boolean;
  /** "admission", "add_on", "donation"... (null when the platform leaves it out). */
  category: string | null;
  /** "online", "atd" (at the door); null when the platform leaves it out. */
  salesChannels: readonly string[] | null;
};

/** "Last few tickets" from this many seats left, or 10 % of the seats if that is more. */
export const LAST_FEW_MIN = 10;

const validInstant = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? iso : null);

/**
 * The classes a visitor of the site can buy: not hidden, not a donation or an add-on, sold
 * online. Hidden classes (comps, a promoter's holds) and door-only tickets are not seats the
 * site can offer.
 */
export function isPublicClass(c: TicketClassCounts): boolean {
  if (c.hidden || c.donation) return false;
  if (c.category && c.category !== "admission") return false;
  if (c.salesChannels && !c.salesChannels.includes("online")) return false;
  return c.quantityTotal !== null && c.quantityTotal > 0;
}

/**
 * The seats of an event from its ticket classes (and its capacity, when the organiser set one
 * below the classes' sum). Null when no public class gives numbers: nothing is invented.
 */
export function seatsFromTicketClasses(
  classes: readonly TicketClassCounts[],
  options: { capacity?: number | null; now: Date },
): Seats | null {
  const counted = classes.filter(isPublicClass);
  if (counted.length === 0) return null;
  const classTotal = counted.reduce((n, c) => n + (c.quantityTotal ?? 0), 0);
  const sold = counted.reduce((n, c) => n + Math.max(0, c.quantitySold ?? 0), 0);
  const capacity = options.capacity && options.capacity > 0 ? options.capacity : null;
  const total = capacity !== null ? Math.min(classTotal, capacity) : classTotal;
  const now = options.now.getTime();
  const left = (c: TicketClassCounts) => (c.quantityTotal ?? 0) - (c.quantitySold ?? 0) > 0;
  const ended = (c: TicketClassCounts) => {
    const end = validInstant(c.salesEnd);
    return end !== null && Date.parse(end) <= now;
  };
  const notYet = (c: TicketClassCounts) => {
    const start = validInstant(c.salesStart);
    return c.onSaleStatus === "NOT_YET_ON_SALE" || (start !== null && Date.parse(start) > now);
  };
  const selling = counted.filter((c) => !ended(c) && !notYet(c) && left(c) && c.onSaleStatus !== "SOLD_OUT");
  let status: SalesStatus;
  if (sold >= total) status = "sold_out";
  else if (selling.some((c) => c.onSaleStatus === null || c.onSaleStatus === "AVAILABLE")) status = "on_sale";
  else if (counted.some((c) => notYet(c) && left(c))) status = "not_yet_on_sale";
  else if (counted.every((c) => !left(c) || c.onSaleStatus === "SOLD_OUT")) status = "sold_out";
  else if (counted.some((c) => ended(c) && left(c))) status = "sales_ended";
  else status = "unavailable";

  const starts = counted
    .filter((c) => notYet(c) && left(c))
    .map((c) => validInstant(c.salesStart))
    .filter((s): s is string => s !== null)
    .sort();
  const ends = counted
    .map((c) => validInstant(c.salesEnd))
    .filter((s): s is string => s !== null)
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return {
    total,
    sold: Math.min(sold, total),
    status,
    salesStart: status === "not_yet_on_sale" ? (starts[0] ?? null) : null,
    salesEnd: ends.length ? new Date(Date.parse(ends[ends.length - 1])).toISOString() : null,
  };
}

export function seatsLeft(seats: Pick<Seats, "total" | "sold">): number {
  return Math.max(0, seats.total - seats.sold);
}

/**
 * "Last few tickets": at most max(10, 10 % of the seats) are left, and at least one. The
 * bound is inclusive (10 left of 100 is "last few", 11 is not; 30 of 300; 15 of 155).
 */
export function isLastFew(seats: Pick<Seats, "total" | "sold">): boolean {
  const left = seatsLeft(seats);
  return left > 0 && (left <= LAST_FEW_MIN || left * 10 <= seats.total);
}

/** What a visitor is told about buying a performance now. */
export type Availability = "sold-out" | "last-few" | "on-sale" | "not-yet" | "sales-ended" | "unknown";

/**
 * From the sold-out mark (staff's or the platform's, which always wins) and the seats (when the
 * platform gave them). A sales end that passed since the last sync counts as ended.
 */
export function availabilityOf(input: { soldOut: boolean; seats?: Seats | null }, now: Date): Availability {
  if (input.soldOut) return "sold-out";
  const seats = input.seats;
  if (!seats || seats.status === "unavailable") return "unknown";
  if (seats.status === "sold_out" || seatsLeft(seats) === 0) return "sold-out";
  const ended = seats.salesEnd !== null && Date.parse(seats.salesEnd) <= now.getTime();
  if (seats.status === "sales_ended" || ended) return "sales-ended";
  // Sales that opened since the last sync count as open, with the counts it had.
  if (
    seats.status === "not_yet_on_sale" &&
    (!seats.salesStart || Date.parse(seats.salesStart) > now.getTime())
  )
    return "not-yet";
  return isLastFew(seats) ? "last-few" : "on-sale";
}

/**
 * The chip a card and a page show for an availability; null for plain "on sale" or unknown
 * (the GET TICKETS button already says so), and for sold out (the SOLD OUT badge says it).
 */
export function availabilityChip(
  availability: Availability,
  seats: Seats | null | undefined,
  formatInstant: (iso: string) => string,
): { kind: "last-few" | "not-yet" | "ended"; label: string } | null {
  if (availability === "last-few") return { kind: "last-few", label: "Last few tickets" };
  if (availability === "not-yet")
    return {
      kind: "not-yet",
      label: seats?.salesStart ? `On sale ${formatInstant(seats.salesStart)}` : "Not on sale yet",
    };
  if (availability === "sales-ended") return { kind: "ended", label: "Online sales ended" };
  return null;
}

/**
 * "Sales end {time}" when online sales stop before the performance starts (a visitor could
 * otherwise plan to buy on the night) and have not stopped yet; null otherwise.
 */
export function salesEndNotice(
  availability: Availability,
  seats: Seats | null | undefined,
  startIso: string | null,
  now: Date,
): string | null {
  if (availability !== "on-sale" && availability !== "last-few") return null;
  const end = seats?.salesEnd;
  if (!end || Date.parse(end) <= now.getTime()) return null;
  if (startIso && Date.parse(end) >= Date.parse(startIso)) return null;
  return end;
}

const SCHEMA = "https://schema.org/";

/**
 * JSON-LD `offers.availability` from these rules: SoldOut, LimitedAvailability (last few),
 * InStock; PreOrder before sales open, OutOfStock once online sales ended.
 */
export function offerAvailability(availability: Availability): string {
  switch (availability) {
    case "sold-out":
      return `${SCHEMA}SoldOut`;
    case "last-few":
      return `${SCHEMA}LimitedAvailability`;
    case "not-yet":
      return `${SCHEMA}PreOrder`;
    case "sales-ended":
      return `${SCHEMA}OutOfStock`;
    default:
      return `${SCHEMA}InStock`;
  }
}

/**
 * The "tickets left" filter, and whether a page offers its ticket button: a performance a
 * visitor can still get tickets for: on sale, last few, not on sale yet, or not known to be
 * gone (a show without the platform's numbers).
 */
export function hasTicketsLeft(availability: Availability): boolean {
  return availability !== "sold-out" && availability !== "sales-ended";
}

/** Seats as the database keeps them (events and event_dates: one column per part; null = unknown). */
export type SeatColumns = {
  seatsTotal: number | null;
  seatsSold: number | null;
  salesStatus: SalesStatus | null;
  salesStart: string | null;
  salesEnd: string | null;
};

export function seatColumns(seats: Seats | null): SeatColumns {
  return {
    seatsTotal: seats?.total ?? null,
    seatsSold: seats?.sold ?? null,
    salesStatus: seats?.status ?? null,
    salesStart: seats?.salesStart ?? null,
    salesEnd: seats?.salesEnd ?? null,
  };
}

export function seatsFromColumns(c: Partial<SeatColumns>): Seats | null {
  if (c.seatsTotal == null || c.seatsSold == null || !c.salesStatus) return null;
  return {
    total: c.seatsTotal,
    sold: c.seatsSold,
    status: c.salesStatus,
    salesStart: c.salesStart ?? null,
    salesEnd: c.salesEnd ?? null,
  };
}

export const SEAT_COLUMNS = ["seatsTotal", "seatsSold", "salesStatus", "salesStart", "salesEnd"] as const;

/**
 * What pages show of one performance's availability, worked out on the server (the instants
 * are put in words there: a browser formatting them would load its locale data, issue 16):
 * the availability, the chip, and "Sales end ..." when it applies.
 */
export type BoxOfficeView = {
  availability: Availability;
  chip: ReturnType<typeof availabilityChip>;
  /** "Sales end Fri, Dec 11, 6:00 PM", or null. */
  salesEnd: string | null;
};

export function boxOfficeView(
  input: { soldOut: boolean; seats?: Seats | null; startIso: string | null },
  now: Date,
  formatInstant: (iso: string) => string,
): BoxOfficeView {
  const availability = availabilityOf(input, now);
  const end = salesEndNotice(availability, input.seats, input.startIso, now);
  return {
    availability,
    chip: availabilityChip(availability, input.seats, formatInstant),
    salesEnd: end ? `Sales end ${formatInstant(end)}` : null,
  };
}
