import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { externalCache } from "~/db/schema";
import {
  BOOKING_FALLBACK_MESSAGE,
  describeAge,
  isStatusColumn,
  SAMPLE_BOOKING,
  staleCopyNotice,
  statusTone,
} from "~/lib/booking";
import { BookingCsvError, parseBookingCsv } from "~/lib/booking-csv";
import {
  BOOKING_FRESH_MS,
  getBookingSchedule,
  resetBookingSheetState,
} from "~/services/booking-sheet.server";
import { resetEnvCache } from "~/utils/env.server";
import { SHEET_OK_CSV, startSheetFake, type SheetFake } from "../fakes/sheet";
import { createTestDb } from "../support/db";

describe("booking CSV", () => {
  it("parses quoted commas, doubled quotes and newlines inside cells, with lower-cased headers", () => {
    const table = parseBookingCsv(SHEET_OK_CSV);
    expect(table.columns).toEqual(["date", "venue", "time", "status", "notes"]);
    expect(table.rows).toHaveLength(4); // the blank row is dropped
    expect(table.rows[0]).toEqual({
      date: "2026-12-04",
      venue: "Tipsy Toucan, Windsor",
      time: "8:00 PM",
      status: "CONFIRMED",
      notes: 'Headliner: Sam "The Ham" Lee',
    });
    expect(table.rows[1].notes).toBe("Load-in 6 PM\r\nSound check 6:30 PM");
  });

  it("reads an empty sheet or a header alone as no rows", () => {
    expect(parseBookingCsv("")).toEqual({ columns: [], rows: [] });
    expect(parseBookingCsv("Date,Venue\n")).toEqual({ columns: ["date", "venue"], rows: [] });
  });

  it("tolerates short rows, a byte-order mark and duplicate headers", () => {
    const table = parseBookingCsv("\uFEFFDate,Venue,Date\n2026-01-01\n");
    expect(table.columns).toEqual(["date", "venue"]);
    expect(table.rows).toEqual([{ date: "2026-01-01", venue: "" }]);
  });

  it("refuses a web page instead of CSV and broken quoting", () => {
    expect(() => parseBookingCsv("<!DOCTYPE html><html></html>")).toThrow(BookingCsvError);
    expect(() => parseBookingCsv('a,b\n"unterminated,1\n')).toThrow(BookingCsvError);
  });
});

describe("booking display rules", () => {
  it("colours statuses case-insensitively and leaves others plain", () => {
    expect(statusTone("Confirmed")).toBe("confirmed");
    expect(statusTone(" CONFIRMED ")).toBe("confirmed");
    expect(statusTone("pending")).toBe("pending");
    expect(statusTone("Cancelled")).toBe("cancelled");
    expect(statusTone("canceled")).toBe("cancelled");
    expect(statusTone("Tentative")).toBeNull();
    expect(statusTone("")).toBeNull();
    expect(isStatusColumn("Status")).toBe(true);
    expect(isStatusColumn("notes")).toBe(false);
  });

  it("has five sample rows with the spec's columns", () => {
    expect(SAMPLE_BOOKING.columns).toEqual(["date", "venue", "time", "status", "notes"]);
    expect(SAMPLE_BOOKING.rows).toHaveLength(5);
  });

  it("says how old a copy is", () => {
    expect(describeAge(10_000)).toBe("less than a minute");
    expect(describeAge(60_000)).toBe("1 minute");
    expect(describeAge(42 * 60_000)).toBe("42 minutes");
    expect(describeAge(3 * 3600_000)).toBe("3 hours");
    expect(describeAge(4 * 86400_000)).toBe("4 days");
    expect(staleCopyNotice(2 * 3600_000)).toContain("from 2 hours ago");
  });
});

describe("booking sheet service", () => {
  let fake: SheetFake;
  beforeAll(async () => {
    process.env.ALLOW_PRIVATE_FETCH = "true";
    resetEnvCache();
    fake = await startSheetFake({ slowMs: 500 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.setMode("ok");
    resetBookingSheetState();
  });

  it("serves the sample rows, discreetly, when no sheet is configured", async () => {
    const view = await getBookingSchedule({ url: null, database: createTestDb() });
    expect(view).toMatchObject({ source: "sample", unconfigured: true, notice: null });
  });

  it("fetches the sheet when there is no copy, then serves the stored copy", async () => {
    const database = createTestDb();
    const first = await getBookingSchedule({ url: fake.url, database });
    expect(first.source).toBe("sheet");
    expect(first.table.rows).toHaveLength(4);
    const hits = fake.hits();
    const second = await getBookingSchedule({ url: fake.url, database });
    expect(second.source).toBe("cache");
    expect(second.refreshing).toBe(false);
    expect(fake.hits()).toBe(hits); // fresh copy: the sheet is not asked again
  });

  it("serves a stale copy at once and refreshes it in the background", async () => {
    const database = createTestDb();
    await getBookingSchedule({ url: fake.url, database });
    fake.setMode("updated");
    const stale = await getBookingSchedule({
      url: fake.url,
      database,
      now: Date.now() + BOOKING_FRESH_MS + 1,
    });
    expect(stale).toMatchObject({ source: "cache", refreshing: true });
    expect(stale.table.rows).toHaveLength(4);
    // The background refresh shares the in-flight promise with a forced read.
    const after = await getBookingSchedule({ url: fake.url, database, force: true });
    expect(after.table.rows.map((r) => r.venue)).toContain("Sheet Update Lounge");
  });

  it("serves the last good copy with its age when the sheet fails", async () => {
    const database = createTestDb();
    await getBookingSchedule({ url: fake.url, database });
    const fetchedAt = new Date(Date.now() - 3 * 3600_000);
    database.update(externalCache).set({ fetchedAt }).run();
    fake.setMode("error");
    const view = await getBookingSchedule({ url: fake.url, database, force: true });
    expect(view.source).toBe("cache");
    expect(view.table.rows).toHaveLength(4);
    expect(view.notice).toContain("from 3 hours ago");
    // And a plain read afterwards still says so (the failure is remembered).
    expect((await getBookingSchedule({ url: fake.url, database })).notice).toContain("from 3 hours ago");
  });

  for (const mode of ["error", "html", "slow"] as const) {
    it(`falls back to the sample rows and the banner when there is no copy (${mode})`, async () => {
      fake.setMode(mode);
      const database = createTestDb();
      // The slow fake answers after 500 ms: past this timeout.
      const view = await getBookingSchedule({ url: fake.url, database, timeoutMs: 200 });
      expect(view).toMatchObject({ source: "sample", notice: BOOKING_FALLBACK_MESSAGE });
      expect(view.table).toEqual(SAMPLE_BOOKING);
      expect(database.select().from(externalCache).all()).toHaveLength(0);
    });
  }

  it("stores an empty sheet as a good (empty) copy", async () => {
    fake.setMode("empty");
    const view = await getBookingSchedule({ url: fake.url, database: createTestDb() });
    expect(view).toMatchObject({ source: "sheet", notice: null });
    expect(view.table.rows).toEqual([]);
  });
});

describe("sampleBooking", () => {
  it("dates the five sample rows on the Fridays after today, never in the past", async () => {
    const { sampleBooking } = await import("~/lib/booking");
    const table = sampleBooking("2026-11-23"); // a Monday
    expect(table.rows.map((r) => r.date)).toEqual([
      "2026-11-27",
      "2026-12-04",
      "2026-12-11",
      "2026-12-18",
      "2026-12-25",
    ]);
    expect(sampleBooking("2026-11-27").rows[0].date).toBe("2026-12-04"); // a Friday: the next one
    expect(sampleBooking("2026-12-31").rows[0].date).toBe("2027-01-01"); // across the year end
  });
});
