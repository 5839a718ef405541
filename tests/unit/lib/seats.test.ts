/**
 * Seats left from the platform's ticket classes (app/lib/seats.ts, issue 41): the classes that
 * count, "Last few tickets" at max(10, 10 %) and not above, the sales window, the chip, the
 * JSON-LD availability and the "tickets left" filter, each at its bounds.
 */
import { describe, expect, it } from "vitest";
import { seatsOfEvent, ticketClassCounts, toSyncedShow } from "~/lib/eventbrite";
import { eventbriteEventSchema, eventbriteTicketClassesPageSchema } from "~/lib/eventbrite-schemas";
import {
  availabilityChip,
  availabilityOf,
  hasTicketsLeft,
  isLastFew,
  offerAvailability,
  salesEndNotice,
  seatColumns,
  seatsFromColumns,
  seatsFromTicketClasses,
  type Seats,
  type TicketClassCounts,
} from "~/lib/seats";
import { eventbriteFixture, fakeOrgEvents, fakeTicketClasses } from "../../fakes/eventbrite";

const NOW = new Date("2026-12-01T17:00:00Z");
const klass = (over: Partial<TicketClassCounts> = {}): TicketClassCounts => ({
  quantityTotal: 100,
  quantitySold: 40,
  onSaleStatus: "AVAILABLE",
  salesStart: "2026-11-01T14:00:00Z",
  salesEnd: "2026-12-10T23:00:00Z",
  hidden: false,
  donation: false,
  category: "admission",
  salesChannels: ["online", "atd"],
  ...over,
});
const seats = (total: number, sold: number, over: Partial<Seats> = {}): Seats => ({
  total,
  sold,
  status: "on_sale",
  salesStart: null,
  salesEnd: null,
  ...over,
});

describe("which ticket classes count", () => {
  it("adds up the public classes sold online; hidden, donation, add-on and door-only classes are not seats", () => {
    const result = seatsFromTicketClasses(
      [
        klass(),
        klass({ quantityTotal: 50, quantitySold: 10 }),
        klass({ hidden: true, quantityTotal: 10, quantitySold: 0 }),
        klass({ donation: true }),
        klass({ category: "add_on" }),
        klass({ salesChannels: ["atd"] }),
      ],
      { now: NOW },
    );
    expect(result).toEqual({
      total: 150,
      sold: 50,
      status: "on_sale",
      salesStart: null,
      salesEnd: "2026-12-10T23:00:00.000Z",
    });
  });

  it("is null without a public class with numbers: nothing invented", () => {
    expect(seatsFromTicketClasses([], { now: NOW })).toBeNull();
    expect(seatsFromTicketClasses([klass({ hidden: true })], { now: NOW })).toBeNull();
    expect(seatsFromTicketClasses([klass({ quantityTotal: null })], { now: NOW })).toBeNull();
  });

  it("caps the seats at the event's capacity when the organiser set one below the classes' sum", () => {
    const result = seatsFromTicketClasses(
      [klass({ quantityTotal: 100, quantitySold: 30 }), klass({ quantityTotal: 100, quantitySold: 40 })],
      { capacity: 80, now: NOW },
    );
    expect(result).toMatchObject({ total: 80, sold: 70, status: "on_sale" });
    expect(seatsFromTicketClasses([klass({ quantitySold: 60 })], { capacity: 60, now: NOW })?.status).toBe(
      "sold_out",
    );
  });

  it("reads the sales window: not yet on sale (with the first start), ended, sold out", () => {
    const later = "2026-12-05T14:00:00Z";
    expect(
      seatsFromTicketClasses([klass({ onSaleStatus: "NOT_YET_ON_SALE", salesStart: later })], { now: NOW }),
    ).toMatchObject({ status: "not_yet_on_sale", salesStart: later });
    expect(seatsFromTicketClasses([klass({ salesStart: later })], { now: NOW })?.status).toBe(
      "not_yet_on_sale",
    );
    expect(seatsFromTicketClasses([klass({ salesEnd: "2026-12-01T16:59:59Z" })], { now: NOW })?.status).toBe(
      "sales_ended",
    );
    expect(
      seatsFromTicketClasses([klass({ quantitySold: 100, onSaleStatus: "SOLD_OUT" })], { now: NOW })?.status,
    ).toBe("sold_out");
    // One class sold out, another still selling: on sale.
    expect(
      seatsFromTicketClasses([klass({ quantitySold: 100, onSaleStatus: "SOLD_OUT" }), klass()], { now: NOW })
        ?.status,
    ).toBe("on_sale");
    expect(seatsFromTicketClasses([klass({ onSaleStatus: "UNAVAILABLE" })], { now: NOW })?.status).toBe(
      "unavailable",
    );
  });
});

describe("last few tickets", () => {
  it("at most 10 left shows it, 11 does not (below 100 seats)", () => {
    expect(isLastFew(seats(100, 90))).toBe(true);
    expect(isLastFew(seats(100, 89))).toBe(false);
    expect(isLastFew(seats(50, 40))).toBe(true);
    expect(isLastFew(seats(50, 39))).toBe(false);
  });

  it("at most 10 % left shows it above 100 seats: 30 of 300, 15 of 155 (15.5), never 31", () => {
    expect(isLastFew(seats(300, 270))).toBe(true);
    expect(isLastFew(seats(300, 269))).toBe(false);
    expect(isLastFew(seats(155, 140))).toBe(true);
    expect(isLastFew(seats(155, 139))).toBe(false);
  });

  it("never when nothing is left (that is sold out) or when seats are few but none sold", () => {
    expect(isLastFew(seats(100, 100))).toBe(false);
    // A room of 8: every seat is "few".
    expect(isLastFew(seats(8, 0))).toBe(true);
  });
});

describe("what a visitor is told", () => {
  const fmt = (iso: string) => `<${iso}>`;
  it("the sold-out mark wins; without numbers nothing is claimed", () => {
    expect(availabilityOf({ soldOut: true, seats: seats(100, 10) }, NOW)).toBe("sold-out");
    expect(availabilityOf({ soldOut: false }, NOW)).toBe("unknown");
    expect(availabilityOf({ soldOut: false, seats: null }, NOW)).toBe("unknown");
    expect(availabilityOf({ soldOut: false, seats: seats(100, 10, { status: "unavailable" }) }, NOW)).toBe(
      "unknown",
    );
  });

  it("from the numbers: sold out, last few, on sale", () => {
    expect(availabilityOf({ soldOut: false, seats: seats(100, 100) }, NOW)).toBe("sold-out");
    expect(availabilityOf({ soldOut: false, seats: seats(100, 90) }, NOW)).toBe("last-few");
    expect(availabilityOf({ soldOut: false, seats: seats(100, 89) }, NOW)).toBe("on-sale");
  });

  it("a sales window that opened or closed since the last sync counts as such", () => {
    const start = (iso: string) => seats(100, 0, { status: "not_yet_on_sale", salesStart: iso });
    expect(availabilityOf({ soldOut: false, seats: start("2026-12-01T17:00:01Z") }, NOW)).toBe("not-yet");
    expect(availabilityOf({ soldOut: false, seats: start("2026-12-01T17:00:00Z") }, NOW)).toBe("on-sale");
    const end = (iso: string) => seats(100, 0, { salesEnd: iso });
    expect(availabilityOf({ soldOut: false, seats: end("2026-12-01T17:00:00Z") }, NOW)).toBe("sales-ended");
    expect(availabilityOf({ soldOut: false, seats: end("2026-12-01T17:00:01Z") }, NOW)).toBe("on-sale");
    expect(availabilityOf({ soldOut: false, seats: seats(100, 0, { status: "sales_ended" }) }, NOW)).toBe(
      "sales-ended",
    );
  });

  it("the chip: last few, on sale from, sales ended; none for plain on sale, unknown or sold out", () => {
    expect(availabilityChip("last-few", null, fmt)).toEqual({ kind: "last-few", label: "Last few tickets" });
    expect(
      availabilityChip("not-yet", seats(1, 0, { status: "not_yet_on_sale", salesStart: "S" }), fmt),
    ).toEqual({ kind: "not-yet", label: "On sale <S>" });
    expect(availabilityChip("not-yet", null, fmt)?.label).toBe("Not on sale yet");
    expect(availabilityChip("sales-ended", null, fmt)).toEqual({
      kind: "ended",
      label: "Online sales ended",
    });
    for (const a of ["on-sale", "unknown", "sold-out"] as const)
      expect(availabilityChip(a, null, fmt)).toBeNull();
  });

  it("'Sales end' only while selling, and only when sales stop before the show starts", () => {
    const start = "2026-12-10T00:30:00Z";
    const ends = (iso: string) => seats(100, 0, { salesEnd: iso });
    expect(salesEndNotice("on-sale", ends("2026-12-09T23:00:00Z"), start, NOW)).toBe("2026-12-09T23:00:00Z");
    expect(salesEndNotice("last-few", ends("2026-12-09T23:00:00Z"), start, NOW)).toBe("2026-12-09T23:00:00Z");
    expect(salesEndNotice("on-sale", ends(start), start, NOW)).toBeNull();
    expect(salesEndNotice("on-sale", ends("2026-12-01T17:00:00Z"), start, NOW)).toBeNull();
    expect(salesEndNotice("sold-out", ends("2026-12-09T23:00:00Z"), start, NOW)).toBeNull();
    expect(salesEndNotice("on-sale", seats(100, 0), start, NOW)).toBeNull();
  });

  it("JSON-LD availability from the same rule", () => {
    expect(offerAvailability("sold-out")).toBe("https://schema.org/SoldOut");
    expect(offerAvailability("last-few")).toBe("https://schema.org/LimitedAvailability");
    expect(offerAvailability("on-sale")).toBe("https://schema.org/InStock");
    expect(offerAvailability("unknown")).toBe("https://schema.org/InStock");
    expect(offerAvailability("not-yet")).toBe("https://schema.org/PreOrder");
    expect(offerAvailability("sales-ended")).toBe("https://schema.org/OutOfStock");
  });

  it("'tickets left' keeps what can still be bought (or may be), not what is gone", () => {
    expect(["on-sale", "last-few", "not-yet", "unknown"].every((a) => hasTicketsLeft(a as never))).toBe(true);
    expect(hasTicketsLeft("sold-out")).toBe(false);
    expect(hasTicketsLeft("sales-ended")).toBe(false);
  });

  it("stores and reads back every part (null when unknown)", () => {
    const s = seats(120, 30, { salesEnd: "2026-12-10T23:00:00.000Z" });
    expect(seatsFromColumns(seatColumns(s))).toEqual(s);
    expect(seatsFromColumns(seatColumns(null))).toBeNull();
  });
});

describe("the platform's payloads", () => {
  it("the captured ticket-class list parses and gives the public seats (the hidden comps left out)", () => {
    const page = eventbriteTicketClassesPageSchema.parse(eventbriteFixture("ticket-classes"));
    expect(page.ticket_classes.map(ticketClassCounts).map((c) => c.hidden)).toEqual([false, true]);
    expect(seatsOfEvent({ ticket_classes: null, capacity: null }, NOW, page.ticket_classes)).toMatchObject({
      total: 120,
      sold: 30,
      status: "on_sale",
    });
  });

  it("an event with the ticket_classes expansion maps to its seats, and sold out when none is left", () => {
    const [headliner] = fakeOrgEvents("2026-12-01").page1;
    const parse = (sold: number) =>
      eventbriteEventSchema.parse({
        ...headliner,
        ticket_classes: fakeTicketClasses(headliner.id, { total: 120, sold }),
      });
    expect(toSyncedShow(parse(110), { fallbackImage: "", now: NOW })).toMatchObject({
      soldOut: false,
      seats: { total: 120, sold: 110, status: "on_sale" },
    });
    expect(toSyncedShow(parse(120), { fallbackImage: "", now: NOW })).toMatchObject({
      soldOut: true,
      seats: { total: 120, sold: 120, status: "sold_out" },
    });
    // Without the expansion: no seats, nothing invented.
    expect(toSyncedShow(eventbriteEventSchema.parse(headliner), { fallbackImage: "" }).seats).toBeNull();
  });
});
