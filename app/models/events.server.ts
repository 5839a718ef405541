import { and, asc, eq, gte, inArray, isNotNull, isNull, like, lte, or, sql, type SQL } from "drizzle-orm";
import { collections, eventDates, events, venues, type Event, type EventDate, type Venue } from "~/db/schema";
import { addDaysIso } from "~/lib/dates";
import { mergeSameTitle } from "~/lib/recurrence";
import { safeWebUrl } from "~/lib/sanitize";
import type { Show, ShowDate } from "~/lib/shows";
import { showImageRef } from "~/models/show-images.server";
import { db, type DB } from "~/utils/db.server";
import { lineupsFor } from "./lineups.server";

export type ShowQuery = {
  /** Only shows with the show date or any recurring date on or after this day. */
  from?: string;
  /** Only shows with the show date or any recurring date on or before this day. */
  to?: string;
  /** Archived shows instead of active ones ("only"), both ("include"), or none (default). */
  archived?: "exclude" | "include" | "only";
  /** Only shows at this venue record. */
  venueId?: number;
  /** Only shows at venue records flagged as the club (/club-shows, the home page's club section). */
  clubOnly?: boolean;
  collectionSlug?: string;
};

/**
 * Shows with their dates and collection in two queries, whatever the number of shows.
 * A recurring show counts as in range when any of its dates is.
 */
export function listShows(query: ShowQuery = {}, database: DB = db()): Show[] {
  const where: SQL[] = [];
  const archived = query.archived ?? "exclude";
  if (archived === "exclude") where.push(isNull(events.archivedAt));
  if (archived === "only") where.push(isNotNull(events.archivedAt));
  if (query.from || query.to) {
    const own = and(
      query.from
        ? or(
            gte(events.date, query.from),
            // Title-range shows ("... (June 5th - 19th)") have a second date that is only in the
            // title, up to a month after the stored one (see app/lib/recurrence.ts).
            and(like(events.title, "%th)"), gte(events.date, addDaysIso(query.from, -31))),
          )
        : undefined,
      query.to ? lte(events.date, query.to) : undefined,
    )!;
    const child = database
      .select({ id: eventDates.eventId })
      .from(eventDates)
      .where(
        and(
          query.from ? gte(eventDates.date, query.from) : undefined,
          query.to ? lte(eventDates.date, query.to) : undefined,
        ),
      );
    where.push(or(own, inArray(events.id, child))!);
  }
  if (query.venueId !== undefined) where.push(eq(events.venueId, query.venueId));
  if (query.clubOnly) where.push(eq(venues.isClub, true));
  if (query.collectionSlug) where.push(eq(collections.slug, query.collectionSlug));

  const rows = database
    .select({ event: events, collection: collections, venue: venues })
    .from(events)
    .leftJoin(collections, eq(events.collectionId, collections.id))
    .leftJoin(venues, eq(events.venueId, venues.id))
    .where(and(...where))
    .orderBy(asc(events.date), asc(events.time), asc(events.id))
    .all();
  return attachDates(rows, database);
}

/** One show by id (archived included), or null. */
export function getShow(id: number, database: DB = db()): Show | null {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rows = database
    .select({ event: events, collection: collections, venue: venues })
    .from(events)
    .leftJoin(collections, eq(events.collectionId, collections.id))
    .leftJoin(venues, eq(events.venueId, venues.id))
    .where(eq(events.id, id))
    .all();
  return attachDates(rows, database)[0] ?? null;
}

/** Shows by id (archived included), by date; the ids a comedian's appearances come from. */
export function listShowsByIds(ids: number[], database: DB = db()): Show[] {
  const out: Show[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = database
      .select({ event: events, collection: collections, venue: venues })
      .from(events)
      .leftJoin(collections, eq(events.collectionId, collections.id))
      .leftJoin(venues, eq(events.venueId, venues.id))
      .where(inArray(events.id, ids.slice(i, i + 500)))
      .orderBy(asc(events.date), asc(events.time), asc(events.id))
      .all();
    out.push(...attachDates(rows, database));
  }
  return out;
}

function attachDates(
  rows: { event: Event; collection: typeof collections.$inferSelect | null; venue?: Venue | null }[],
  database: DB,
): Show[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.event.id);
  const byEvent = new Map<number, EventDate[]>();
  // One query for every show's dates (chunked below SQLite's variable limit).
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const dates = database
      .select()
      .from(eventDates)
      .where(inArray(eventDates.eventId, chunk))
      .orderBy(asc(eventDates.date), asc(eventDates.position))
      .all();
    for (const d of dates) {
      const list = byEvent.get(d.eventId) ?? [];
      list.push(d);
      byEvent.set(d.eventId, list);
    }
  }
  const lineups = lineupsFor(ids, database);
  return rows.map(({ event, collection, venue }) => ({
    ...toShow(event, collection, byEvent.get(event.id) ?? [], venue ?? null),
    lineup: lineups.get(event.id) ?? [],
  }));
}

export function toShow(
  e: Event,
  collection: typeof collections.$inferSelect | null,
  dates: EventDate[],
  venue: Venue | null = null,
): Show {
  return {
    id: e.id,
    externalId: e.externalId,
    title: e.title,
    description: e.description,
    summary: e.summary,
    details: e.details,
    date: e.date,
    time: e.time,
    endTime: e.endTime,
    venue: e.venue,
    imageUrl: safeWebUrl(e.imageUrl, true),
    image: showImageRef(e),
    ticketUrl: safeWebUrl(e.ticketUrl),
    price: e.price,
    soldOut: e.soldOut,
    archivedAt: e.archivedAt ? e.archivedAt.toISOString() : null,
    isEventbrite: e.source === "eventbrite",
    entryFormUrl: safeWebUrl(e.entryFormUrl),
    collection: collection
      ? { slug: collection.slug, title: collection.title, badge: collection.badge }
      : null,
    acceptsApplications: e.acceptsApplications,
    applicationsCloseAt: e.applicationsCloseAt ? e.applicationsCloseAt.toISOString() : null,
    contestantsNotifiedOn: e.contestantsNotifiedOn,
    applicationMinimumAge: e.applicationMinimumAge,
    dates: dates.map((d): ShowDate => ({
      date: d.date,
      time: d.time,
      ticketUrl: safeWebUrl(d.ticketUrl),
      price: d.price,
      ...(d.soldOut ? { soldOut: true } : {}),
    })),
    endDate: e.endDate,
    timeZone: e.timeZone,
    currency: e.currency,
    eventStatus: e.eventStatus,
    isOnline: e.isOnline,
    hideStartDate: e.hideStartDate,
    venueRecord: venue
      ? {
          id: venue.id,
          name: venue.name,
          slug: venue.slug,
          address1: venue.address1,
          address2: venue.address2,
          city: venue.city,
          region: venue.region,
          postalCode: venue.postalCode,
          country: venue.country,
          latitude: venue.latitude,
          longitude: venue.longitude,
          isClub: venue.isClub,
          isWinery: venue.isWinery,
        }
      : null,
  };
}

/**
 * One show for its page, with the dates of active shows sharing its title merged in (the
 * spec's same-title merge), in at most four queries. Null when the id is unknown.
 */
export function getShowForPage(id: number, database: DB = db()): Show | null {
  const show = getShow(id, database);
  if (!show || show.archivedAt) return show;
  const rows = database
    .select({ event: events, collection: collections, venue: venues })
    .from(events)
    .leftJoin(collections, eq(events.collectionId, collections.id))
    .leftJoin(venues, eq(events.venueId, venues.id))
    .where(
      and(isNull(events.archivedAt), sql`lower(trim(${events.title})) = ${show.title.trim().toLowerCase()}`),
    )
    .orderBy(asc(events.date), asc(events.time), asc(events.id))
    .all();
  if (rows.length < 2) return show;
  const merged = mergeSameTitle(attachDates(rows, database))[0];
  return { ...show, dates: merged.dates };
}
