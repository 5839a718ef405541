import { and, asc, desc, eq, isNotNull, isNull, max } from "drizzle-orm";
import { events } from "~/db/schema";
import type { SyncedShow } from "~/lib/eventbrite";
import { SYNCED_FIELDS, type SyncStatus } from "~/lib/eventbrite-sync";
import { recordAudit } from "~/models/audit.server";
import type { StaffIdentity } from "~/models/staff.server";
import { db, type DB } from "~/utils/db.server";

export type UpsertCounts = {
  /** Platform shows stored or refreshed (today or later): the "N" of the success message. */
  synced: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Staff-edited shows whose fields were left alone. */
  keptStaffEdits: number;
  /** Archived shows the sync leaves alone. */
  skippedArchived: number;
  /** Shows starting before today. */
  skippedPast: number;
};

/**
 * Upserts platform shows on events.external_id in ONE transaction, with the audit entry
 * inside it: either everything is stored or nothing is.
 *
 * Rules (docs/decisions/sync-and-booking.md):
 * - shows starting before `today` (Toronto) are skipped;
 * - a show edited by staff (staff_edited_at set) keeps its fields until staff reset it;
 * - sold out only ever moves from available to sold out through a sync; un-marking is a
 *   staff decision made with the dashboard toggle;
 * - archived shows are left alone;
 * - every stored or refreshed show gets last_synced_at = now.
 */
export function upsertSyncedShows(
  shows: SyncedShow[],
  options: { today: string; now?: Date; staff?: StaffIdentity | null; pages?: number },
  database: DB = db(),
): UpsertCounts {
  const now = options.now ?? new Date();
  const counts: UpsertCounts = {
    synced: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    keptStaffEdits: 0,
    skippedArchived: 0,
    skippedPast: 0,
  };
  // The platform can list a show twice across pages; the last copy wins.
  const byId = new Map<string, SyncedShow>();
  for (const show of shows) byId.set(show.externalId, show);

  database.transaction((tx) => {
    for (const show of byId.values()) {
      if (show.date < options.today) {
        counts.skippedPast++;
        continue;
      }
      const existing = tx.select().from(events).where(eq(events.externalId, show.externalId)).get();
      if (!existing) {
        tx.insert(events)
          .values({
            externalId: show.externalId,
            source: "eventbrite",
            title: show.title,
            description: show.description,
            summary: show.summary,
            date: show.date,
            time: show.time,
            venue: show.venue,
            imageUrl: show.imageUrl,
            ticketUrl: show.ticketUrl,
            price: show.price,
            soldOut: show.soldOut,
            lastSyncedAt: now,
            updatedAt: now,
          })
          .run();
        counts.created++;
        counts.synced++;
        continue;
      }
      if (existing.archivedAt) {
        counts.skippedArchived++;
        continue;
      }
      const changes: Partial<typeof events.$inferInsert> = {};
      if (existing.staffEditedAt) {
        counts.keptStaffEdits++;
      } else {
        for (const field of SYNCED_FIELDS) {
          if (existing[field] !== show[field]) (changes as Record<string, unknown>)[field] = show[field];
        }
        if (existing.source !== "eventbrite") changes.source = "eventbrite";
      }
      if (show.soldOut && !existing.soldOut) changes.soldOut = true;
      const changed = Object.keys(changes).length > 0;
      if (changed) counts.updated++;
      else if (!existing.staffEditedAt) counts.unchanged++;
      tx.update(events)
        .set(changed ? { ...changes, lastSyncedAt: now, updatedAt: now } : { lastSyncedAt: now })
        .where(eq(events.id, existing.id))
        .run();
      counts.synced++;
    }
    recordAudit(
      {
        staff: options.staff ?? null,
        action: "sync.run",
        entityType: "events",
        after: { ok: true, pages: options.pages ?? null, received: shows.length, ...counts },
      },
      tx,
    );
  });
  return counts;
}

/** A failed sync stores no show, only the audit line saying why. */
export function recordFailedSync(
  input: { staff?: StaffIdentity | null; message: string },
  database: DB = db(),
) {
  recordAudit(
    { staff: input.staff ?? null, action: "sync.run", entityType: "events", after: { ok: false, message: input.message } },
    database,
  );
}


/** What the dashboard's sync area shows. */
export function getSyncStatus(database: DB = db()): SyncStatus {
  const last = database.select({ at: max(events.lastSyncedAt) }).from(events).get();
  const edited = database
    .select({ id: events.id, title: events.title, date: events.date, staffEditedAt: events.staffEditedAt })
    .from(events)
    .where(and(eq(events.source, "eventbrite"), isNotNull(events.staffEditedAt), isNull(events.archivedAt)))
    .orderBy(asc(events.date), desc(events.id))
    .all();
  const lastAt = last?.at as Date | number | null | undefined;
  return {
    lastSyncedAt: lastAt == null ? null : new Date(lastAt).toISOString(),
    staffEdited: edited.map((e) => ({
      id: e.id,
      title: e.title,
      date: e.date,
      staffEditedAt: e.staffEditedAt!.toISOString(),
    })),
  };
}

/**
 * Hands a staff-edited synced show back to the sync: the next sync overwrites its fields.
 * Returns the show's title, or null when there is no such edited synced show.
 */
export function resetStaffEdits(
  eventId: number,
  staff: StaffIdentity,
  database: DB = db(),
): string | null {
  return database.transaction((tx) => {
    const row = tx
      .select({ id: events.id, title: events.title, staffEditedAt: events.staffEditedAt })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.source, "eventbrite"), isNotNull(events.staffEditedAt)))
      .get();
    if (!row) return null;
    tx.update(events).set({ staffEditedAt: null, updatedAt: new Date() }).where(eq(events.id, eventId)).run();
    recordAudit(
      {
        staff,
        action: "sync.reset",
        entityType: "event",
        entityId: eventId,
        before: { staffEditedAt: row.staffEditedAt?.toISOString() ?? null },
        after: { staffEditedAt: null },
      },
      tx,
    );
    return row.title;
  });
}
