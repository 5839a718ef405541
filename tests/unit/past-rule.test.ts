/**
 * The one "past" rule (DECISIONS.md; issue 41): a show that started before today and is still
 * running (its end day is today or later) is current for the sync, the dashboard's
 * auto-archive and every list alike. `endedBefore` is the rule; the SQL of the auto-archive
 * and of the lists' `from` query must say the same for every case here.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "~/db/schema";
import { filterShows, NO_FILTERS } from "~/lib/filters";
import { endedBefore, futurePerformances } from "~/lib/recurrence";
import { autoArchivePastShows } from "~/models/events-admin.server";
import { getShow, listShows } from "~/models/events.server";
import { createTestDbWithStaff } from "../support/db";
import { insertShow, makeShow } from "../support/shows";

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
