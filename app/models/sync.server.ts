import { and, asc, desc, eq, isNotNull, isNull, max } from "drizzle-orm";
import { auditLog, eventDates, events } from "~/db/schema";
import type { SyncedShow } from "~/lib/eventbrite";
import { SYNCED_FIELDS, summarizeSyncRun, type SyncStatus } from "~/lib/eventbrite-sync";
import {
  reopened,
  syncDateStates,
  syncSoldOut,
  waitlistDatesToTell,
  type SoldOutState,
} from "~/lib/sold-out-sync";
import { recordAudit } from "~/models/audit.server";
import { wakeOutbox } from "~/models/outbox.server";
import type { StaffIdentity } from "~/models/staff.server";
import { upsertPlatformVenue } from "~/models/venues.server";
import { queueWaitlistNotices } from "~/models/waitlist.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

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
  /** Shows that ended before today. */
  skippedPast: number;
  /** Unlisted, password-protected, invite-only or draft events: not stored, or taken off the site. */
  hidden: number;
  /** Called-off events never shown before: not stored. */
  skippedCancelled: number;
  /** Shows newly marked sold out. */
  soldOut: number;
  /** Shows or dates the platform had sold out that have seats again (reopened). */
  reopened: number;
  /** "Tickets are available" e-mails queued for the waitlists of reopened shows and dates. */
  waitlistQueued: number;
  venuesCreated: number;
};

/** The extra columns the sync writes besides SYNCED_FIELDS (always, edits or not, except as noted). */
function platformColumns(show: SyncedShow, venueId: number | null) {
  return {
    endTime: show.endTime,
    endDate: show.endDate,
    timeZone: show.timeZone,
    currency: show.currency,
    isOnline: show.isOnline,
    hideStartDate: show.hideStartDate,
    venueId,
  };
}

type DateFields = {
  date: string;
  time: string | null;
  ticketUrl: string | null;
  price: string | null;
} & SoldOutState;

function datesKey(dates: DateFields[]) {
  return JSON.stringify(dates.map((d) => [d.date, d.time, d.ticketUrl, d.price, d.soldOut, d.soldOutBy]));
}

/**
 * Upserts platform shows on events.external_id in ONE transaction, with the audit entry
 * inside it: either everything is stored or nothing is.
 *
 * Rules (docs/decisions/sync-and-booking.md):
 * - shows that ended before `today` (Toronto) are skipped;
 * - hidden events (unlisted, password, invite-only, draft) are never stored; one stored
 *   earlier is archived (taken off the public pages);
 * - a cancelled/postponed event is stored only when it was already public: it stays listed
 *   with its status;
 * - each platform venue is one `venues` record, created when new;
 * - a series keeps one row per date in event_dates, each with its link and sold-out state;
 * - a show edited by staff (staff_edited_at set) keeps its fields until staff reset it
 *   (its status and sold-out state still follow the platform);
 * - sold out (the show's, and each series date's): the platform's sold out is stored as the
 *   platform's; when the platform has seats again the sync reopens it and queues the
 *   waitlist's e-mails in this same transaction (once per person per day). A show or date
 *   staff marked sold out by hand stays sold out (app/lib/sold-out-sync.ts);
 * - archived shows are left alone;
 * - every stored or refreshed show gets last_synced_at = now.
 */
export function upsertSyncedShows(
  shows: SyncedShow[],
  options: {
    today: string;
    now?: Date;
    staff?: StaffIdentity | null;
    pages?: number;
    /** The site's origin for the links in waitlist e-mails. */
    origin: string;
  },
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
    hidden: 0,
    skippedCancelled: 0,
    soldOut: 0,
    reopened: 0,
    waitlistQueued: 0,
    venuesCreated: 0,
  };
  /** What changed, for the dashboard: "created: Title", "sold out: Title"... */
  const changes: string[] = [];
  // The platform can list a show twice across pages; the last copy wins.
  const byId = new Map<string, SyncedShow>();
  for (const show of shows) byId.set(show.externalId, show);

  database.transaction((tx) => {
    for (const show of byId.values()) {
      if ((show.endDate ?? show.date) < options.today && !show.dates.some((d) => d.date >= options.today)) {
        counts.skippedPast++;
        continue;
      }
      const existing = tx.select().from(events).where(eq(events.externalId, show.externalId)).get();
      if (show.hidden) {
        counts.hidden++;
        if (existing && !existing.archivedAt) {
          tx.update(events)
            .set({ archivedAt: now, lastSyncedAt: now, updatedAt: now })
            .where(eq(events.id, existing.id))
            .run();
          changes.push(`hidden: ${existing.title}`);
        }
        continue;
      }
      if (!existing && show.eventStatus !== "scheduled") {
        counts.skippedCancelled++;
        continue;
      }
      if (existing?.archivedAt) {
        counts.skippedArchived++;
        continue;
      }
      let venueId: number | null = null;
      if (show.venueRecord) {
        const v = upsertPlatformVenue(show.venueRecord, tx);
        venueId = v.id;
        if (v.created) counts.venuesCreated++;
      }
      if (!existing) {
        const id = tx
          .insert(events)
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
            soldOutBy: show.soldOut ? "platform" : null,
            eventStatus: show.eventStatus,
            ...platformColumns(show, venueId),
            lastSyncedAt: now,
            updatedAt: now,
          })
          .returning({ id: events.id })
          .get().id;
        replaceDates(tx, id, show, syncDateStates([], show.dates).states);
        counts.created++;
        counts.synced++;
        changes.push(`created: ${show.title}`);
        continue;
      }
      const update: Partial<typeof events.$inferInsert> = {};
      const current = tx
        .select()
        .from(eventDates)
        .where(eq(eventDates.eventId, existing.id))
        .orderBy(asc(eventDates.position))
        .all();
      const { states: dateStates, reopenedDates } = syncDateStates(current, show.dates);
      if (existing.staffEditedAt) {
        counts.keptStaffEdits++;
        // Staff's dates stay, but each one the platform also lists follows its sold-out state.
        for (const row of current) {
          const state = dateStates.get(row.date);
          if (state && (state.soldOut !== row.soldOut || state.soldOutBy !== row.soldOutBy)) {
            tx.update(eventDates).set(state).where(eq(eventDates.id, row.id)).run();
            update.updatedAt = now;
          }
        }
      } else {
        for (const field of SYNCED_FIELDS) {
          if (existing[field] !== show[field]) (update as Record<string, unknown>)[field] = show[field];
        }
        for (const [field, value] of Object.entries(platformColumns(show, venueId))) {
          if ((existing as Record<string, unknown>)[field] !== value)
            (update as Record<string, unknown>)[field] = value;
        }
        if (existing.source !== "eventbrite") update.source = "eventbrite";
        const next = show.dates.map((d) => ({ ...d, ...dateStates.get(d.date)! }));
        if (datesKey(current) !== datesKey(next)) {
          replaceDates(tx, existing.id, show, dateStates);
          update.updatedAt = now;
        }
      }
      if (existing.eventStatus !== show.eventStatus) {
        update.eventStatus = show.eventStatus;
        changes.push(`${show.eventStatus}: ${existing.title}`);
      }
      const soldOut = syncSoldOut(existing, show.soldOut);
      if (soldOut.soldOut !== existing.soldOut || soldOut.soldOutBy !== existing.soldOutBy)
        Object.assign(update, soldOut);
      if (soldOut.soldOut && !existing.soldOut) {
        counts.soldOut++;
        changes.push(`sold out: ${existing.title}`);
      }
      const showReopened = reopened(existing, soldOut);
      // Dates that reopen while the show stays sold out tell nobody yet.
      const datesReopened = soldOut.soldOut
        ? []
        : reopenedDates.filter((d) => current.some((c) => c.date === d));
      if (showReopened) changes.push(`available again: ${existing.title}`);
      else for (const d of datesReopened) changes.push(`available again: ${existing.title} (${d})`);
      counts.reopened += showReopened ? 1 : datesReopened.length;
      const changed = Object.keys(update).length > 0;
      if (changed) {
        counts.updated++;
        if (!changes.some((c) => c.endsWith(`: ${existing.title}`)))
          changes.push(`updated: ${existing.title}`);
      } else if (!existing.staffEditedAt) counts.unchanged++;
      tx.update(events)
        .set(changed ? { ...update, lastSyncedAt: now, updatedAt: now } : { lastSyncedAt: now })
        .where(eq(events.id, existing.id))
        .run();
      // The waitlist is told in the transaction that reopened the show: both or neither.
      const tell = waitlistDatesToTell(showReopened, datesReopened);
      if (tell) {
        counts.waitlistQueued += queueWaitlistNotices(
          {
            eventId: existing.id,
            dates: tell === "all" ? undefined : tell,
            origin: options.origin,
            today: options.today,
            now,
          },
          tx as unknown as DB,
        );
      }
      counts.synced++;
    }
    recordAudit(
      {
        staff: options.staff ?? null,
        action: "sync.run",
        entityType: "events",
        after: {
          ok: true,
          pages: options.pages ?? null,
          received: shows.length,
          ...counts,
          changes: changes.slice(0, 50),
        },
      },
      tx,
    );
  }, IMMEDIATE);
  if (counts.waitlistQueued) wakeOutbox();
  return counts;
}

/** A series' dates as the platform lists them (each with its own link), sold out as `states` say. */
function replaceDates(
  tx: Pick<DB, "delete" | "insert">,
  eventId: number,
  show: SyncedShow,
  states: Map<string, SoldOutState>,
) {
  tx.delete(eventDates).where(eq(eventDates.eventId, eventId)).run();
  if (show.dates.length === 0) return;
  tx.insert(eventDates)
    .values(
      show.dates.map((d, i) => ({
        eventId,
        date: d.date,
        time: d.time,
        ticketUrl: d.ticketUrl,
        price: d.price,
        ...(states.get(d.date) ?? {
          soldOut: d.soldOut,
          soldOutBy: d.soldOut ? ("platform" as const) : null,
        }),
        externalId: d.externalId,
        position: i,
      })),
    )
    .run();
}

/** A failed sync stores no show, only the audit line saying why. */
export function recordFailedSync(
  input: { staff?: StaffIdentity | null; message: string },
  database: DB = db(),
) {
  recordAudit(
    {
      staff: input.staff ?? null,
      action: "sync.run",
      entityType: "events",
      after: { ok: false, message: input.message },
    },
    database,
  );
}

/** What the dashboard's sync area shows. */
export function getSyncStatus(database: DB = db()): SyncStatus {
  const last = database
    .select({ at: max(events.lastSyncedAt) })
    .from(events)
    .get();
  const edited = database
    .select({ id: events.id, title: events.title, date: events.date, staffEditedAt: events.staffEditedAt })
    .from(events)
    .where(and(eq(events.source, "eventbrite"), isNotNull(events.staffEditedAt), isNull(events.archivedAt)))
    .orderBy(asc(events.date), desc(events.id))
    .all();
  const lastAt = last?.at as Date | number | null | undefined;
  const run = database
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, "sync.run"))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1)
    .get();
  return {
    lastRun: run
      ? { finishedAt: run.createdAt.toISOString(), actor: run.actor, ...summarizeSyncRun(run.after) }
      : null,
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
export function resetStaffEdits(eventId: number, staff: StaffIdentity, database: DB = db()): string | null {
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
  }, IMMEDIATE);
}
