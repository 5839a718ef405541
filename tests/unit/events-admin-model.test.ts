import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, eventDates, events } from "~/db/schema";
import {
  archiveShow,
  autoArchivePastShows,
  createShow,
  setSoldOut,
  updateShow,
} from "~/models/events-admin.server";
import { getShow } from "~/models/events.server";
import { createTestDbWithStaff } from "../support/db";
import { eventFormValues } from "../support/shows";

const ZONE = "America/Toronto";

const setup = createTestDbWithStaff;
const values = eventFormValues;

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
