import { and, asc, desc, eq, inArray, isNotNull, isNull, max } from "drizzle-orm";
import { auditLog, eventDates, events } from "~/db/schema";
import type { SyncedShow } from "~/lib/eventbrite";
import { summarizeSyncRun, type SeriesFailure, type SyncStatus } from "~/lib/eventbrite-sync";
import {
  latestCopies,
  planSync,
  venuesToStore,
  type PlannedDate,
  type StoredSyncShow,
  type SyncPlan,
  type SyncPlanCounts,
} from "~/lib/sync-plan";
import { recordAudit } from "~/models/audit.server";
import { wakeOutbox } from "~/models/outbox.server";
import type { StaffIdentity } from "~/models/staff.server";
import { upsertPlatformVenue } from "~/models/venues.server";
import { queueWaitlistNotices } from "~/models/waitlist.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

export type UpsertCounts = SyncPlanCounts & {
  /** "Tickets are available" e-mails queued for the waitlists of reopened shows and dates. */
  waitlistQueued: number;
  venuesCreated: number;
};

/** The stored shows the plan compares, by external id (one query for the shows, one for their dates). */
function storedShows(tx: DB, externalIds: string[]): Map<string, StoredSyncShow> {
  const stored = new Map<string, StoredSyncShow>();
  if (externalIds.length === 0) return stored;
  const rows = tx.select().from(events).where(inArray(events.externalId, externalIds)).all();
  const dates = rows.length
    ? tx
        .select()
        .from(eventDates)
        .where(
          inArray(
            eventDates.eventId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(eventDates.eventId), asc(eventDates.position))
        .all()
    : [];
  for (const row of rows) {
    stored.set(row.externalId!, {
      ...row,
      archived: row.archivedAt !== null,
      staffEdited: row.staffEditedAt !== null,
      dates: dates.filter((d) => d.eventId === row.id),
    });
  }
  return stored;
}

/**
 * Upserts platform shows on events.external_id in ONE transaction, with the audit entry
 * inside it: either everything is stored or nothing is. The decisions are the pure plan of
 * app/lib/sync-plan.ts (its rules are listed there); this applies it: venue records first,
 * then each step, and the waitlist's e-mails in the same transaction as the reopening.
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
    /** Series whose dates could not be read this run (left as stored). */
    seriesFailures?: SeriesFailure[];
    /**
     * "sync.run" (a full sync: always audited, the dashboard's last run) or "sync.webhook" (one
     * event refreshed after the platform's webhook: audited only for a notable change).
     */
    audit?: "sync.run" | "sync.webhook";
  },
  database: DB = db(),
): UpsertCounts {
  const now = options.now ?? new Date();
  const counts = database.transaction((tx) => {
    const t = tx as unknown as DB;
    const stored = storedShows(
      t,
      latestCopies(shows).map((s) => s.externalId),
    );
    const venueIds = new Map<string, number>();
    let venuesCreated = 0;
    for (const venue of venuesToStore(shows, stored, options.today)) {
      const v = upsertPlatformVenue(venue, tx);
      venueIds.set(venue.externalId, v.id);
      if (v.created) venuesCreated++;
    }
    const plan = planSync({ shows, stored, venueIds, today: options.today, readAt: now });
    const waitlistQueued = applySyncPlan(plan, { now, origin: options.origin, today: options.today }, t);
    const counts: UpsertCounts = { ...plan.counts, waitlistQueued, venuesCreated };
    const action = options.audit ?? "sync.run";
    // A sale moves the seat counts on every webhook: only what staff would want to see (sold
    // out, available again, cancelled, new, hidden) makes an audit line.
    if (action === "sync.webhook" && !plan.changes.some((c) => !c.startsWith("updated: "))) return counts;
    recordAudit(
      {
        staff: options.staff ?? null,
        action,
        entityType: "events",
        after: {
          ok: true,
          pages: options.pages ?? null,
          received: shows.length,
          ...counts,
          changes: plan.changes.slice(0, 50),
          ...(options.seriesFailures?.length ? { seriesFailures: options.seriesFailures } : {}),
        },
      },
      tx,
    );
    return counts;
  }, IMMEDIATE);
  if (counts.waitlistQueued) wakeOutbox();
  return counts;
}

/** Writes a plan's steps (inside the caller's transaction); answers the waitlist e-mails queued. */
function applySyncPlan(plan: SyncPlan, options: { now: Date; origin: string; today: string }, tx: DB) {
  const { now } = options;
  let waitlistQueued = 0;
  for (const step of plan.steps) {
    if (step.kind === "hide") {
      tx.update(events)
        .set({ archivedAt: now, lastSyncedAt: now, updatedAt: now })
        .where(eq(events.id, step.eventId))
        .run();
    } else if (step.kind === "create") {
      const id = tx
        .insert(events)
        .values({ ...step.values, lastSyncedAt: now, updatedAt: now })
        .returning({ id: events.id })
        .get().id;
      replaceDates(tx, id, step.dates);
    } else {
      for (const { id, ...state } of step.dateStates)
        tx.update(eventDates).set(state).where(eq(eventDates.id, id)).run();
      if (step.replaceDates) replaceDates(tx, step.eventId, step.replaceDates);
      tx.update(events)
        .set(step.changed ? { ...step.set, lastSyncedAt: now, updatedAt: now } : { lastSyncedAt: now })
        .where(eq(events.id, step.eventId))
        .run();
      // The waitlist is told in the transaction that reopened the show: both or neither.
      if (step.waitlist) {
        waitlistQueued += queueWaitlistNotices(
          {
            eventId: step.eventId,
            dates: step.waitlist === "all" ? undefined : step.waitlist,
            origin: options.origin,
            today: options.today,
            now,
          },
          tx,
        );
      }
    }
  }
  return waitlistQueued;
}

/** A show's dates written anew, in the plan's order. */
function replaceDates(tx: Pick<DB, "delete" | "insert">, eventId: number, dates: PlannedDate[]) {
  tx.delete(eventDates).where(eq(eventDates.eventId, eventId)).run();
  if (dates.length === 0) return;
  tx.insert(eventDates)
    .values(dates.map((d) => ({ ...d, eventId })))
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

/**
 * Where a platform event is stored: a show of its own, or a date of a series (the show of its
 * series parent). Null when the site has not stored it.
 */
export function storedPlatformEvent(
  externalId: string,
  database: DB = db(),
):
  | { kind: "show"; eventId: number }
  | { kind: "date"; eventId: number; parentExternalId: string | null }
  | null {
  const show = database.select({ id: events.id }).from(events).where(eq(events.externalId, externalId)).get();
  if (show) return { kind: "show", eventId: show.id };
  const date = database
    .select({ eventId: eventDates.eventId, parent: events.externalId })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(eq(eventDates.externalId, externalId))
    .get();
  return date ? { kind: "date", eventId: date.eventId, parentExternalId: date.parent } : null;
}
