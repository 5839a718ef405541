import { and, desc, eq, isNull } from "drizzle-orm";
import { affiliateSales, eventComedians, events } from "~/db/schema";
import { trackingCodeOf } from "~/lib/tracking";
import { db, type DB } from "~/utils/db.server";

/** One performance's tickets bought through a comic's tracking link (issue 41). */
export type DrawRow = { eventId: number; title: string; date: string; tickets: number; checkedIn: number };

/**
 * A comic's draw: per show and date, the tickets the platform recorded with their tracking
 * code (latest first), from the counts kept when the attendees are read (no person in them).
 */
export function drawOf(comedianId: number, database: DB = db()): DrawRow[] {
  return database
    .select({
      eventId: affiliateSales.eventId,
      title: events.title,
      date: affiliateSales.date,
      tickets: affiliateSales.tickets,
      checkedIn: affiliateSales.checkedIn,
    })
    .from(affiliateSales)
    .innerJoin(events, eq(events.id, affiliateSales.eventId))
    .where(eq(affiliateSales.affiliate, trackingCodeOf(comedianId)))
    .orderBy(desc(affiliateSales.date), desc(affiliateSales.eventId))
    .all();
}

/** The active shows a comic is booked on: their share links. */
export function bookedShows(comedianId: number, database: DB = db()) {
  return database
    .select({ id: events.id, title: events.title, date: events.date })
    .from(eventComedians)
    .innerJoin(events, eq(events.id, eventComedians.eventId))
    .where(and(eq(eventComedians.comedianId, comedianId), isNull(events.archivedAt)))
    .orderBy(events.date)
    .all();
}
