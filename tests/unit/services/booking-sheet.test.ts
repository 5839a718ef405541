import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { externalCache } from "~/db/schema";
import { BOOKING_FALLBACK_MESSAGE, SAMPLE_BOOKING } from "~/lib/booking";
import {
  BOOKING_FRESH_MS,
  getBookingSchedule,
  resetBookingSheetState,
} from "~/services/booking-sheet.server";
import { resetEnvCache } from "~/utils/env.server";
import { startSheetFake, type SheetFake } from "../../fakes/sheet";
import { createTestDb } from "../../support/db";

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
