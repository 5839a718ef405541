import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { collections, eventDates, events, type NewEvent } from "~/db/schema";
import type { EventFormValues } from "~/lib/event-form";
import { pageOf } from "~/lib/paging";
import { staffSoldOut } from "~/lib/sold-out-sync";
import { becameAvailable } from "~/lib/waitlist";
import { zonedInstant } from "~/lib/zoned-time";
import { recordAudit } from "~/models/audit.server";
import { countShows, getShow, listShows, type ShowQuery } from "~/models/events.server";
import { replaceLineup } from "~/models/lineups.server";
import { wakeOutbox } from "~/models/outbox.server";
import type { StaffIdentity } from "~/models/staff.server";
import { placeOfShow } from "~/models/venues.server";
import { queueWaitlistNotices, soldOutDates } from "~/models/waitlist.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

/**
 * Staff writes to shows. Each write and its audit entry (who, what, before/after) happen
 * in one transaction, so the log never disagrees with the data.
 */
export type WriteOutcome = "ok" | "not-found" | "archived";

function toColumns(
  values: EventFormValues,
  place: { venueId: number | null; venue: string },
  zone: string,
): Omit<NewEvent, "id"> {
  return {
    title: values.title,
    description: values.description,
    date: values.date,
    time: values.time,
    endTime: values.endTime,
    venue: place.venue,
    venueId: place.venueId,
    ticketUrl: values.ticketUrl,
    imageUrl: values.imageUrl,
    price: values.price,
    collectionId: values.collectionId,
    entryFormUrl: values.entryFormUrl,
    acceptsApplications: values.acceptsApplications,
    applicationsCloseAt: values.applicationsCloseDate
      ? zonedInstant(values.applicationsCloseDate, values.applicationsCloseTime ?? "23:59", zone)
      : null,
    contestantsNotifiedOn: values.contestantsNotifiedOn,
    applicationMinimumAge: values.applicationMinimumAge,
    ...(values.houseRules !== undefined ? { houseRules: values.houseRules } : {}),
  };
}

function replaceDates(tx: DB, eventId: number, values: EventFormValues) {
  // A date sold out on its own stays sold out through an edit of the show.
  // (and keeps who marked it: the sync may reopen only what the platform sold out).
  const soldOut = new Map(soldOutDates([eventId], tx).map((d) => [d.date, d.soldOutBy]));
  tx.delete(eventDates).where(eq(eventDates.eventId, eventId)).run();
  values.dates.forEach((d, position) =>
    tx
      .insert(eventDates)
      .values({
        eventId,
        position,
        date: d.date,
        time: d.time,
        ticketUrl: d.ticketUrl,
        price: d.price,
        soldOut: soldOut.has(d.date),
        soldOutBy: soldOut.get(d.date) ?? null,
      })
      .run(),
  );
}

export function createShow(
  values: EventFormValues,
  staff: StaffIdentity,
  zone: string,
  database: DB = db(),
): number {
  return database.transaction((tx) => {
    const row = tx
      .insert(events)
      .values({ ...toColumns(values, placeOfShow(values, tx), zone), source: "manual" })
      .returning({ id: events.id })
      .get();
    replaceDates(tx as unknown as DB, row.id, values);
    if (values.lineup) replaceLineup(tx as unknown as DB, row.id, values.lineup);
    recordAudit(
      {
        staff,
        action: "event.create",
        entityType: "event",
        entityId: row.id,
        after: getShow(row.id, tx as unknown as DB),
      },
      tx,
    );
    return row.id;
  }, IMMEDIATE);
}

export function updateShow(
  id: number,
  values: EventFormValues,
  staff: StaffIdentity,
  zone: string,
  database: DB = db(),
): WriteOutcome {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const before = getShow(id, t);
    if (!before) return "not-found";
    if (before.archivedAt) return "archived";
    t.update(events)
      .set({
        ...toColumns(values, placeOfShow(values, t), zone),
        staffEditedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(events.id, id))
      .run();
    replaceDates(t, id, values);
    if (values.lineup) replaceLineup(t, id, values.lineup);
    recordAudit(
      { staff, action: "event.update", entityType: "event", entityId: id, before, after: getShow(id, t) },
      t,
    );
    return "ok";
  }, IMMEDIATE);
}

/**
 * The sold-out toggle. Sold out → available tells the show's waitlist (issue 18): the
 * e-mails are queued in the outbox inside this transaction. `mail` gives the links' origin.
 */
export function setSoldOut(
  id: number,
  soldOut: boolean,
  staff: StaffIdentity,
  database: DB = db(),
  mail?: { origin: string; today: string },
): WriteOutcome {
  let queued = 0;
  const outcome = database.transaction((tx) => {
    const t = tx as unknown as DB;
    const before = t
      .select({ soldOut: events.soldOut, archivedAt: events.archivedAt })
      .from(events)
      .where(eq(events.id, id))
      .get();
    if (!before) return "not-found";
    if (before.archivedAt) return "archived";
    t.update(events)
      .set({ ...staffSoldOut(soldOut), updatedAt: new Date() })
      .where(eq(events.id, id))
      .run();
    recordAudit(
      {
        staff,
        action: soldOut ? "event.sold-out" : "event.available",
        entityType: "event",
        entityId: id,
        before: { soldOut: before.soldOut },
        after: { soldOut },
      },
      t,
    );
    if (mail && becameAvailable(before.soldOut, soldOut))
      queued = queueWaitlistNotices({ eventId: id, ...mail }, t);
    return "ok";
  }, IMMEDIATE);
  if (queued) wakeOutbox();
  return outcome;
}

/** Archives one show (an archived show stays archived: archiving twice changes nothing). */
export function archiveShow(id: number, staff: StaffIdentity, database: DB = db()): WriteOutcome {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const before = t.select({ archivedAt: events.archivedAt }).from(events).where(eq(events.id, id)).get();
    if (!before) return "not-found";
    if (before.archivedAt) return "archived";
    const archivedAt = new Date();
    t.update(events).set({ archivedAt }).where(eq(events.id, id)).run();
    recordAudit(
      {
        staff,
        action: "event.archive",
        entityType: "event",
        entityId: id,
        before: { archivedAt: null },
        after: { archivedAt: archivedAt.toISOString() },
      },
      t,
    );
    return "ok";
  }, IMMEDIATE);
}

/**
 * Archives every active show whose last date (its own date or any recurring date) is
 * before `today` (Toronto). Answers how many were archived.
 *
 * Issue 20: runs on every dashboard load, so it reads only what it archives. A show whose
 * own date is today or later is never past, so the index on (archived_at, date) finds the
 * candidates (SEARCH, not a SCAN of every show), and each candidate's future dates are looked
 * up by the index on event_dates (event_id, date). One UPDATE with the same condition follows.
 */
export function autoArchivePastShows(
  today: string,
  staff: StaffIdentity | null,
  database: DB = db(),
): number {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    // endedBefore (app/lib/recurrence.ts): the end day of a show running several days counts
    // (an end day is never before its start day; the date bound keeps the index search).
    const isPast = and(
      isNull(events.archivedAt),
      lt(events.date, today),
      or(isNull(events.endDate), lt(events.endDate, today)),
      sql`not exists (select 1 from ${eventDates} where ${eventDates.eventId} = ${events.id} and ${eventDates.date} >= ${today})`,
    );
    const lastDate = sql<string>`max(${events.date}, coalesce((select max(${eventDates.date}) from ${eventDates} where ${eventDates.eventId} = ${events.id}), ''))`;
    const past = t.select({ id: events.id, title: events.title, lastDate }).from(events).where(isPast).all();
    if (past.length === 0) return 0;
    t.update(events).set({ archivedAt: new Date() }).where(isPast).run();
    recordAudit(
      {
        staff,
        action: "event.auto-archive",
        entityType: "event",
        entityId: null,
        after: { today, archived: past },
      },
      t,
    );
    return past.length;
  }, IMMEDIATE);
}

/**
 * One page of the dashboard's list (active shows by date, or the archive, last archived
 * first): a COUNT and a LIMIT/OFFSET query, so a page costs the same whatever the number of shows.
 */
export function dashboardShows(
  view: "active" | "archive",
  pageParam: string | null,
  size: number,
  database: DB = db(),
) {
  const query: ShowQuery = view === "archive" ? { archived: "only", order: "archived" } : {};
  const paging = pageOf(countShows(query, database), pageParam, size);
  const shows = listShows({ ...query, limit: paging.end - paging.start, offset: paging.start }, database);
  return { shows, paging };
}

export function listCollections(database: DB = db()) {
  return database
    .select({ id: collections.id, title: collections.title })
    .from(collections)
    .orderBy(asc(collections.title))
    .all();
}

/** A show for the Edit page, with the raw collection id the form's select needs. */
export function getShowForEdit(id: number, database: DB = db()) {
  const show = getShow(id, database);
  if (!show) return null;
  const row = database
    .select({ collectionId: events.collectionId, houseRules: events.houseRules })
    .from(events)
    .where(eq(events.id, id))
    .get();
  return {
    ...show,
    venueId: show.venueRecord?.id ?? null,
    collectionId: row?.collectionId ?? null,
    ownHouseRules: row?.houseRules ?? null,
  };
}
