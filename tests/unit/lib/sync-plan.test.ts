/**
 * The sync's decisions as a pure plan (app/lib/sync-plan.ts): what is created, updated,
 * hidden or left alone, which dates change, whose waitlist is told. No database here: the
 * model that applies the plan is tested against the fake platform (eventbrite-sync-service).
 */
import { describe, expect, it } from "vitest";
import type { SyncedShow } from "~/lib/eventbrite";
import { endedBefore } from "~/lib/recurrence";
import { planSync, venuesToStore, type StoredSyncShow, type SyncStep } from "~/lib/sync-plan";

const TODAY = "2026-12-01";

function platform(overrides: Partial<SyncedShow> = {}): SyncedShow {
  return {
    externalId: "100",
    title: "Friday Laughs",
    description: "Stand-up.",
    summary: null,
    date: "2026-12-10",
    time: "20:00",
    endTime: "22:00",
    endDate: null,
    timeZone: null,
    venue: "The Hall",
    venueRecord: {
      externalId: "v1",
      name: "The Hall",
      address1: null,
      address2: null,
      city: null,
      region: null,
      postalCode: null,
      country: null,
      latitude: null,
      longitude: null,
    },
    isOnline: false,
    imageUrl: "https://img.example/1.jpg",
    ticketUrl: "https://www.eventbrite.ca/e/friday-tickets-100",
    price: "$25",
    currency: null,
    soldOut: false,
    seats: null,
    eventStatus: "scheduled",
    hidden: false,
    hideStartDate: false,
    dates: [],
    source: "eventbrite",
    ...overrides,
  };
}

/** The stored twin of `platform()`: what a previous sync wrote. */
function stored(overrides: Partial<StoredSyncShow> = {}): StoredSyncShow {
  const p = platform();
  return {
    id: 7,
    lastSyncedAt: null,
    title: p.title,
    description: p.description,
    summary: p.summary,
    date: p.date,
    time: p.time,
    venue: p.venue,
    imageUrl: p.imageUrl,
    ticketUrl: p.ticketUrl,
    price: p.price,
    endTime: p.endTime,
    endDate: p.endDate,
    timeZone: p.timeZone,
    currency: p.currency,
    isOnline: false,
    hideStartDate: false,
    venueId: 3,
    source: "eventbrite",
    archived: false,
    staffEdited: false,
    eventStatus: "scheduled",
    soldOut: false,
    soldOutBy: null,
    ...NO_SEATS,
    dates: [],
    ...overrides,
  };
}

const NO_SEATS = { seatsTotal: null, seatsSold: null, salesStatus: null, salesStart: null, salesEnd: null };
const VENUES = new Map([["v1", 3]]);
const plan = (shows: SyncedShow[], rows: StoredSyncShow[] = [], today = TODAY) =>
  planSync({
    shows,
    stored: new Map(rows.map((r, i) => [shows[i]?.externalId ?? "100", r])),
    venueIds: VENUES,
    today,
  });
const update = (step: SyncStep | undefined) => {
  if (step?.kind !== "update") throw new Error(`expected an update, got ${step?.kind}`);
  return step;
};
const seriesDate = (date: string, soldOut = false) => ({
  externalId: `o-${date}`,
  date,
  time: "20:00",
  ticketUrl: `https://www.eventbrite.ca/e/o-tickets-${date.replace(/-/g, "")}`,
  price: "$25",
  soldOut,
  seats: null,
});
/** A stored twin of seriesDate (what the last sync wrote). */
const storedDate = (id: number, date: string, soldOutBy: "platform" | null = null) => {
  const { seats, ...d } = seriesDate(date, soldOutBy !== null);
  void seats;
  return { id, ...d, soldOutBy, ...NO_SEATS };
};

describe("which shows the sync stores", () => {
  it("a show is over when its end day and every date are before today, not on today", () => {
    expect(endedBefore({ date: "2026-11-30", dates: [] }, TODAY)).toBe(true);
    expect(endedBefore({ date: TODAY, dates: [] }, TODAY)).toBe(false);
    // Started yesterday, still running: not over.
    expect(endedBefore({ date: "2026-11-29", endDate: TODAY, dates: [] }, TODAY)).toBe(false);
    expect(endedBefore({ date: "2026-11-29", endDate: "2026-11-30", dates: [] }, TODAY)).toBe(true);
    expect(endedBefore({ date: "2026-11-20", dates: [{ date: TODAY }] }, TODAY)).toBe(false);
  });

  it("creates a new public show with the platform's fields, its venue record and its sold-out mark", () => {
    const { steps, counts, changes } = plan([platform({ soldOut: true })]);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({
      kind: "create",
      values: { externalId: "100", title: "Friday Laughs", venueId: 3, soldOut: true, soldOutBy: "platform" },
      dates: [],
    });
    expect(counts).toMatchObject({ created: 1, synced: 1, updated: 0 });
    expect(changes).toEqual(["created: Friday Laughs"]);
  });

  it("skips past shows, new cancelled ones and archived ones, and counts each", () => {
    const { steps, counts } = planSync({
      shows: [
        platform({ externalId: "1", date: "2026-11-30" }),
        platform({ externalId: "2", eventStatus: "cancelled" }),
        platform({ externalId: "3" }),
      ],
      stored: new Map([["3", stored({ archived: true })]]),
      venueIds: VENUES,
      today: TODAY,
    });
    expect(steps).toEqual([]);
    expect(counts).toMatchObject({ skippedPast: 1, skippedCancelled: 1, skippedArchived: 1, synced: 0 });
  });

  it("stores a show that started before today and ends today or later", () => {
    const { steps } = plan([platform({ date: "2026-11-29", endDate: "2026-12-02" })]);
    expect(steps[0]?.kind).toBe("create");
  });

  it("takes a hidden event that was public off the site, and never stores a new hidden one", () => {
    const { steps, counts, changes } = plan([platform({ hidden: true })], [stored()]);
    expect(steps).toEqual([{ kind: "hide", eventId: 7, title: "Friday Laughs" }]);
    expect(changes).toEqual(["hidden: Friday Laughs"]);
    expect(counts.hidden).toBe(1);
    expect(plan([platform({ hidden: true })]).steps).toEqual([]);
  });

  it("keeps the last copy when the platform lists a show twice", () => {
    const { steps } = plan([platform({ title: "First" }), platform({ title: "Second" })]);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ kind: "create", values: { title: "Second" } });
  });

  it("asks for the venue records of the shows it stores only", () => {
    const past = platform({
      externalId: "1",
      date: "2026-11-01",
      venueRecord: { ...platform().venueRecord!, externalId: "old" },
    });
    expect(venuesToStore([past, platform()], new Map(), TODAY).map((v) => v.externalId)).toEqual(["v1"]);
  });
});

describe("updating a stored show", () => {
  it("leaves a show refreshed from a newer read (a webhook during a full sync) as it is", () => {
    const readAt = new Date("2026-12-01T12:00:00Z");
    const newer = stored({ lastSyncedAt: new Date("2026-12-01T12:00:01Z"), title: "Webhook's title" });
    const plan = planSync({
      shows: [platform({ title: "Older read" })],
      stored: new Map([["100", newer]]),
      venueIds: VENUES,
      today: TODAY,
      readAt,
    });
    expect(plan.steps).toEqual([]);
    expect(plan.counts).toMatchObject({ keptNewer: 1, synced: 0 });
    // Read at the same instant or later: updated as usual.
    const same = planSync({
      shows: [platform({ title: "Same read" })],
      stored: new Map([["100", { ...newer, lastSyncedAt: readAt }]]),
      venueIds: VENUES,
      today: TODAY,
      readAt,
    });
    expect(update(same.steps[0]).set).toEqual({ title: "Same read" });
  });

  it("changes nothing when nothing differs (only last_synced_at moves)", () => {
    const { steps, counts } = plan([platform()], [stored()]);
    expect(update(steps[0])).toMatchObject({ set: {}, changed: false, replaceDates: null, waitlist: null });
    expect(counts).toMatchObject({ unchanged: 1, updated: 0, synced: 1 });
  });

  it("writes only the fields that differ, and claims a show staff made by hand", () => {
    const step = update(
      plan([platform({ title: "New title" })], [stored({ source: "manual", venueId: 9 })]).steps[0],
    );
    expect(step.set).toEqual({ title: "New title", source: "eventbrite", venueId: 3 });
    expect(step.changed).toBe(true);
  });

  it("leaves a staff-edited show's fields and dates alone, but follows the platform's status", () => {
    const { steps, counts, changes } = plan(
      [platform({ title: "Platform title", eventStatus: "cancelled" })],
      [stored({ title: "Staff title", staffEdited: true })],
    );
    expect(update(steps[0]).set).toEqual({ eventStatus: "cancelled" });
    expect(counts).toMatchObject({ keptStaffEdits: 1, updated: 1, unchanged: 0 });
    expect(changes).toEqual(["cancelled: Staff title"]);
  });

  it("replaces a series' dates only when one differs", () => {
    const dates = [seriesDate("2026-12-10"), seriesDate("2026-12-17")];
    const storedDates = dates.map((d, i) => storedDate(i + 1, d.date));
    expect(
      update(plan([platform({ dates })], [stored({ dates: storedDates })]).steps[0]).replaceDates,
    ).toBeNull();
    const moved = [dates[0], { ...dates[1], time: "21:00" }];
    const step = update(plan([platform({ dates: moved })], [stored({ dates: storedDates })]).steps[0]);
    expect(step.replaceDates?.map((d) => [d.date, d.time, d.position])).toEqual([
      ["2026-12-10", "20:00", 0],
      ["2026-12-17", "21:00", 1],
    ]);
    expect(step.changed).toBe(true);
  });

  it("updates only the sold-out state of a staff-edited show's dates the platform lists", () => {
    const storedDates = [storedDate(1, "2026-12-10"), storedDate(2, "2026-12-24")];
    const step = update(
      plan(
        [platform({ dates: [seriesDate("2026-12-10", true)] })],
        [stored({ staffEdited: true, dates: storedDates })],
      ).steps[0],
    );
    expect(step.dateStates).toEqual([{ id: 1, soldOut: true, soldOutBy: "platform" }]);
    expect(step.replaceDates).toBeNull();
    expect(step.changed).toBe(true);
  });
});

describe("sold out and the waitlist", () => {
  it("marks a show sold out as the platform's and counts it", () => {
    const { steps, counts, changes } = plan([platform({ soldOut: true })], [stored()]);
    expect(update(steps[0]).set).toEqual({ soldOut: true, soldOutBy: "platform" });
    expect(counts.soldOut).toBe(1);
    expect(changes).toEqual(["sold out: Friday Laughs"]);
  });

  it("reopens what the platform sold out and tells every date's waitlist", () => {
    const { steps, counts, changes } = plan([platform()], [stored({ soldOut: true, soldOutBy: "platform" })]);
    expect(update(steps[0])).toMatchObject({ set: { soldOut: false, soldOutBy: null }, waitlist: "all" });
    expect(counts.reopened).toBe(1);
    expect(changes).toEqual(["available again: Friday Laughs"]);
  });

  it("never reopens a show staff marked sold out by hand", () => {
    const step = update(plan([platform()], [stored({ soldOut: true, soldOutBy: "staff" })]).steps[0]);
    expect(step).toMatchObject({ set: {}, changed: false, waitlist: null });
  });

  it("tells the waitlist of a date that reopened, but nobody while the show itself stays sold out", () => {
    const storedDates = [storedDate(1, "2026-12-10", "platform"), storedDate(2, "2026-12-17", "platform")];
    const reopenedOne = [seriesDate("2026-12-10"), seriesDate("2026-12-17", true)];
    const open = plan([platform({ dates: reopenedOne })], [stored({ dates: storedDates })]);
    expect(update(open.steps[0]).waitlist).toEqual(["2026-12-10"]);
    expect(open.changes).toEqual(["available again: Friday Laughs (2026-12-10)", "updated: Friday Laughs"]);
    const stillSoldOut = plan(
      [platform({ dates: reopenedOne, soldOut: true })],
      [stored({ dates: storedDates, soldOut: true, soldOutBy: "staff" })],
    );
    expect(update(stillSoldOut.steps[0]).waitlist).toBeNull();
    expect(stillSoldOut.counts.reopened).toBe(0);
  });
});
