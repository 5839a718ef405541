/**
 * The one "past" rule (DECISIONS.md; issue 41): a show that started before today and is still
 * running (its end day is today or later) is current for the sync, the dashboard's
 * auto-archive and every list alike. `endedBefore` is the rule; the SQL of the auto-archive
 * and of the lists' `from` query must say the same for every case here.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, eventDates, events, venues } from "~/db/schema";
import { filterShows, NO_FILTERS } from "~/lib/filters";
import { endedBefore, futurePerformances } from "~/lib/recurrence";
import {
  archiveShow,
  autoArchivePastShows,
  createShow,
  setSoldOut,
  updateShow,
} from "~/models/events-admin.server";
import { getShow, listShows } from "~/models/events.server";
import { VenueGoneError } from "~/models/venues.server";
import { createTestDbWithStaff } from "../../support/db";
import { eventFormValues, insertShow, makeShow } from "../../support/shows";

const ZONE = "America/Toronto";

const setup = createTestDbWithStaff;

const values = eventFormValues;

const TODAY = "2026-12-01";

/** Each case: the show's days, and whether it is over on TODAY. */
const CASES = [
  { name: "yesterday", date: "2026-11-30", endDate: null, dates: [], over: true },
  { name: "today", date: TODAY, endDate: null, dates: [], over: false },
  { name: "running, ends today", date: "2026-11-29", endDate: TODAY, dates: [], over: false },
  { name: "running, ends tomorrow", date: "2026-11-29", endDate: "2026-12-02", dates: [], over: false },
  { name: "ran until yesterday", date: "2026-11-28", endDate: "2026-11-30", dates: [], over: true },
  { name: "series with a date today", date: "2026-11-20", endDate: null, dates: [TODAY], over: false },
  { name: "series all gone by", date: "2026-11-20", endDate: null, dates: ["2026-11-27"], over: true },
] as const;

describe("staff writes to shows", () => {
  it("creates a show with its dates and one audit entry, in one go", () => {
    const { db, staff } = setup();
    const id = createShow(
      values({
        dates: [{ date: "2026-12-08", time: "20:00", ticketUrl: "https://t.example/2", price: null }],
        acceptsApplications: true,
        applicationsCloseDate: "2026-05-14",
        applicationsCloseTime: "23:59",
      }),
      staff,
      ZONE,
      db,
    );
    const show = getShow(id, db)!;
    expect(show.dates).toEqual([
      { date: "2026-12-08", time: "20:00", ticketUrl: "https://t.example/2", price: null },
    ]);
    // 11:59 PM Toronto (EDT, UTC-4) on 14 May is 03:59 UTC on 15 May.
    expect(show.applicationsCloseAt).toBe("2026-05-15T03:59:00.000Z");
    const audit = db.select().from(auditLog).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "owner", action: "event.create", entityId: String(id) });
  });

  it("updates, replacing the dates, and refuses archived or missing shows", () => {
    const { db, staff } = setup();
    const id = createShow(
      values({ dates: [{ date: "2026-12-08", time: "20:00", ticketUrl: "https://t", price: null }] }),
      staff,
      ZONE,
      db,
    );
    expect(updateShow(id, values({ venue: "Elsewhere" }), staff, ZONE, db)).toBe("ok");
    expect(getShow(id, db)).toMatchObject({ venue: "Elsewhere", dates: [] });
    expect(updateShow(999, values(), staff, ZONE, db)).toBe("not-found");
    expect(archiveShow(id, staff, db)).toBe("ok");
    expect(archiveShow(id, staff, db)).toBe("archived");
    expect(updateShow(id, values({ venue: "Again" }), staff, ZONE, db)).toBe("archived");
    expect(setSoldOut(id, true, staff, db)).toBe("archived");
    expect(getShow(id, db)?.venue).toBe("Elsewhere");
    expect(archiveShow(12345, staff, db)).toBe("not-found");
  });

  it("toggles sold out with before and after in the log", () => {
    const { db, staff } = setup();
    const id = createShow(values(), staff, ZONE, db);
    expect(setSoldOut(id, true, staff, db)).toBe("ok");
    expect(getShow(id, db)?.soldOut).toBe(true);
    const entry = db.select().from(auditLog).where(eq(auditLog.action, "event.sold-out")).get();
    expect(entry).toMatchObject({ before: { soldOut: false }, after: { soldOut: true } });
  });

  it("auto-archives shows whose last date, recurring dates included, is before today", () => {
    const { db, staff } = setup();
    const past = createShow(values({ date: "2026-11-21" }), staff, ZONE, db);
    const today = createShow(values({ date: "2026-11-22" }), staff, ZONE, db);
    const series = createShow(
      values({
        date: "2026-11-01",
        dates: [{ date: "2026-11-29", time: "19:00", ticketUrl: "https://t", price: null }],
      }),
      staff,
      ZONE,
      db,
    );
    const endedSeries = createShow(
      values({
        date: "2026-11-01",
        dates: [{ date: "2026-11-15", time: "19:00", ticketUrl: "https://t", price: null }],
      }),
      staff,
      ZONE,
      db,
    );
    expect(autoArchivePastShows("2026-11-22", staff, db)).toBe(2);
    const archived = (id: number) => getShow(id, db)?.archivedAt !== null;
    expect([archived(past), archived(today), archived(series), archived(endedSeries)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(autoArchivePastShows("2026-11-22", staff, db)).toBe(0);
    expect(db.select().from(eventDates).all()).toHaveLength(2);
    expect(db.select().from(events).all()).toHaveLength(4);
  });
});

describe("a show is over when it ended before today", () => {
  it.each(CASES)("$name", ({ date, endDate, dates, over }) => {
    expect(endedBefore({ date, endDate, dates: dates.map((d) => ({ date: d })) }, TODAY)).toBe(over);
  });

  it("the auto-archive and the lists' query agree with the rule on every case", () => {
    const { db, staff } = createTestDbWithStaff();
    const ids = CASES.map((c) =>
      insertShow(
        db,
        { title: c.name, date: c.date, endDate: c.endDate },
        c.dates.map((d) => ({ date: d, time: "20:00", ticketUrl: null, price: null })),
      ),
    ).map((r) => r.id);
    const listed = new Set(listShows({ from: TODAY }, db).map((s) => s.id));
    expect(CASES.map((c, i) => listed.has(ids[i]))).toEqual(CASES.map((c) => !c.over));

    expect(autoArchivePastShows(TODAY, staff, db)).toBe(CASES.filter((c) => c.over).length);
    const archived = ids.map((id) => db.select().from(events).where(eq(events.id, id)).get()!.archivedAt);
    expect(archived.map((a) => a !== null)).toEqual(CASES.map((c) => c.over));
    // A running show is listed with its own (started) performance, and found by the dates it runs.
    const running = getShow(ids[3], db)!;
    expect(futurePerformances(running, TODAY).map((p) => p.date)).toEqual(["2026-11-29"]);
    const found = (from: string, to = "") =>
      filterShows([running], { ...NO_FILTERS, from, to }, TODAY).length;
    expect([found(TODAY), found("2026-12-02"), found("2026-12-03"), found("", "2026-11-28")]).toEqual([
      1, 1, 0, 0,
    ]);
  });

  it("lists keep a running show's performance and drop a show that ended", () => {
    const running = makeShow({ date: "2026-11-29", endDate: "2026-12-02" });
    expect(futurePerformances(running, TODAY)).toHaveLength(1);
    expect(futurePerformances(makeShow({ date: "2026-11-29", endDate: "2026-11-30" }), TODAY)).toEqual([]);
  });
});

describe("the venue chosen in the event form", () => {
  /** Issue 42: the event form picks a venue record (or creates one): what the model stores. */
  describe("saving a show's venue (the model)", () => {
    const ZONE = "America/Toronto";

    it("a picked record names the show; a new venue is created once with its town; TBA has no record", () => {
      const { db, staff } = createTestDbWithStaff();
      const toucan = db
        .insert(venues)
        .values({ name: "Toucan Test Room", slug: "toucan-test-room" })
        .returning()
        .get();
      const id = createShow(eventFormValues({ venue: "", venueId: toucan.id }), staff, ZONE, db);
      expect(getShow(id, db)).toMatchObject({ venue: "Toucan Test Room", venueRecord: { id: toucan.id } });

      updateShow(id, eventFormValues({ venue: "Barn Hall", venueCity: "Kingsville" }), staff, ZONE, db);
      const barn = db.select().from(venues).where(eq(venues.name, "Barn Hall")).get()!;
      expect(barn).toMatchObject({ city: "Kingsville", address1: null });
      expect(getShow(id, db)).toMatchObject({ venue: "Barn Hall", venueRecord: { id: barn.id } });
      // The same name again (any case) takes that record: no second Barn Hall, its town kept.
      updateShow(id, eventFormValues({ venue: "barn hall", venueCity: "Leamington" }), staff, ZONE, db);
      expect(db.select().from(venues).where(eq(venues.name, "Barn Hall")).all()).toHaveLength(1);
      expect(getShow(id, db)).toMatchObject({
        venue: "Barn Hall",
        venueRecord: { id: barn.id, city: "Kingsville" },
      });

      updateShow(id, eventFormValues({ venue: "TBA" }), staff, ZONE, db);
      expect(getShow(id, db)).toMatchObject({ venue: "TBA", venueRecord: null });
    });

    it("a record deleted while the form was open: refused, nothing stored", () => {
      const { db, staff } = createTestDbWithStaff();
      const show = insertShow(db, { title: "Kept", venue: "Somewhere" });
      expect(() =>
        updateShow(show.id, eventFormValues({ title: "Changed", venue: "", venueId: 999 }), staff, ZONE, db),
      ).toThrow(VenueGoneError);
      expect(db.select().from(events).where(eq(events.id, show.id)).get()).toMatchObject({
        title: "Kept",
        venue: "Somewhere",
      });
    });
  });
});
