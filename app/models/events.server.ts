import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { collections, eventDates, events, venues, type Event, type EventDate, type Venue } from "~/db/schema";
import { addDaysIso } from "~/lib/dates";
import { effectiveHouseRules } from "~/lib/house-rules";
import { mergeSameTitle } from "~/lib/recurrence";
import { safeWebUrl } from "~/lib/sanitize";
import { seatsFromColumns } from "~/lib/seats";
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
  /** Only shows whose title, trimmed and lowercased, is one of these (same-title groups). */
  titleKeys?: string[];
  /** "date" (default): by date, time, id; "archived": the archive's order, last archived first. */
  order?: "date" | "archived";
  /** A page of the list (the staff dashboard): LIMIT and OFFSET in SQL. */
  limit?: number;
  offset?: number;
};

/**
 * Shows with their dates and collection in two queries, whatever the number of shows.
 * A recurring show counts as in range when any of its dates is.
 */
export function listShows(query: ShowQuery = {}, database: DB = db()): Show[] {
  const base = database
    .select({ event: events, collection: collections, venue: venues })
    .from(events)
    .leftJoin(collections, eq(events.collectionId, collections.id))
    .leftJoin(venues, eq(events.venueId, venues.id))
    .where(showWhere(query, database))
    .orderBy(
      ...(query.order === "archived"
        ? [desc(events.archivedAt), desc(events.date), asc(events.time), asc(events.id)]
        : [asc(events.date), asc(events.time), asc(events.id)]),
    );
  const rows =
    query.limit !== undefined
      ? base
          .limit(query.limit)
          .offset(query.offset ?? 0)
          .all()
      : base.all();
  return attachDates(rows, database);
}

/** How many shows `listShows` would return (without its limit): one COUNT in SQL. */
export function countShows(query: ShowQuery = {}, database: DB = db()): number {
  return (
    database
      .select({ n: count() })
      .from(events)
      .leftJoin(collections, eq(events.collectionId, collections.id))
      .leftJoin(venues, eq(events.venueId, venues.id))
      .where(showWhere(query, database))
      .get()?.n ?? 0
  );
}

function showWhere(query: ShowQuery, database: DB): SQL | undefined {
  const where: SQL[] = [];
  const archived = query.archived ?? "exclude";
  if (archived === "exclude") where.push(isNull(events.archivedAt));
  if (archived === "only") where.push(isNotNull(events.archivedAt));
  if (query.from || query.to) {
    const own = and(
      query.from
        ? or(
            gte(events.date, query.from),
            // A show running several days is current until its end day (endedBefore).
            gte(events.endDate, query.from),
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
  if (query.titleKeys) {
    if (query.titleKeys.length === 0) where.push(sql`0`);
    else where.push(inArray(sql`lower(trim(${events.title}))`, query.titleKeys));
  }
  return where.length ? and(...where) : undefined;
}

/**
 * Outlines of the shows `listShows` would return: id, title, dates, venue, collection and
 * club flag, with their recurring dates; no description (except where the title-range rule
 * reads its times from it), no line-up, no images. What a page needs to order, count and filter
 * every show while it renders only a few (issue 20: the home page at 20,000 shows). Two
 * queries; the shows' order is not meaningful.
 */
export function listShowOutlines(query: ShowQuery = {}, database: DB = db()): Show[] {
  const where = showWhere(query, database);
  const rows = database
    .select({
      id: events.id,
      title: events.title,
      // The title-range fallback reads its two times from the description: only those titles need it.
      description: sql<string>`case when ${events.title} like '%th)' then ${events.description} else '' end`,
      date: events.date,
      time: events.time,
      // A show running several days is current until this day (endedBefore).
      endDate: events.endDate,
      venue: events.venue,
      soldOut: events.soldOut,
      eventStatus: events.eventStatus,
      // The "tickets left" filter reads the seats (app/lib/seats.ts).
      seatsTotal: events.seatsTotal,
      seatsSold: events.seatsSold,
      salesStatus: events.salesStatus,
      salesStart: events.salesStart,
      salesEnd: events.salesEnd,
      archivedAt: events.archivedAt,
      collectionSlug: collections.slug,
      collectionTitle: collections.title,
      isClub: venues.isClub,
      venueId: venues.id,
      venueName: venues.name,
      // The age and clean filters read the house rules (issue 42).
      houseRules: events.houseRules,
      venueHouseRules: venues.houseRules,
    })
    .from(events)
    .leftJoin(collections, eq(events.collectionId, collections.id))
    .leftJoin(venues, eq(events.venueId, venues.id))
    .where(where)
    .all();
  const ids = database
    .select({ id: events.id })
    .from(events)
    .leftJoin(collections, eq(events.collectionId, collections.id))
    .leftJoin(venues, eq(events.venueId, venues.id))
    .where(where);
  const byEvent = new Map<number, ShowDate[]>();
  const dates = database
    .select({
      eventId: eventDates.eventId,
      date: eventDates.date,
      time: eventDates.time,
      soldOut: eventDates.soldOut,
      seatsTotal: eventDates.seatsTotal,
      seatsSold: eventDates.seatsSold,
      salesStatus: eventDates.salesStatus,
      salesStart: eventDates.salesStart,
      salesEnd: eventDates.salesEnd,
    })
    .from(eventDates)
    .where(inArray(eventDates.eventId, ids))
    .orderBy(asc(eventDates.date), asc(eventDates.position))
    .all();
  for (const d of dates) {
    const list = byEvent.get(d.eventId) ?? [];
    list.push({
      date: d.date,
      time: d.time,
      ticketUrl: null,
      price: null,
      ...(d.soldOut ? { soldOut: true } : {}),
      ...(d.seatsTotal !== null ? { seats: seatsFromColumns(d) } : {}),
    });
    byEvent.set(d.eventId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    externalId: null,
    title: r.title,
    description: r.description,
    summary: null,
    details: null,
    date: r.date,
    time: r.time,
    endTime: null,
    endDate: r.endDate,
    venue: r.venue,
    imageUrl: null,
    ticketUrl: null,
    price: null,
    soldOut: r.soldOut,
    eventStatus: r.eventStatus,
    seats: seatsFromColumns(r),
    archivedAt: r.archivedAt ? r.archivedAt.toISOString() : null,
    isEventbrite: false,
    entryFormUrl: null,
    collection: r.collectionSlug
      ? { slug: r.collectionSlug, title: r.collectionTitle ?? "", badge: null }
      : null,
    acceptsApplications: false,
    applicationsCloseAt: null,
    contestantsNotifiedOn: null,
    applicationMinimumAge: 0,
    dates: byEvent.get(r.id) ?? [],
    houseRules: effectiveHouseRules(r.houseRules, r.venueHouseRules),
    venueRecord:
      r.venueId !== null
        ? {
            ...{ address1: null, address2: null, city: null, region: null, postalCode: null, country: null },
            ...{ latitude: null, longitude: null, slug: "", isWinery: false },
            id: r.venueId,
            name: r.venueName ?? "",
            isClub: Boolean(r.isClub),
          }
        : null,
  }));
}

/** Id, title and date of the shows `listShows` would return: one lean query (the sitemap). */
export function listShowRefs(query: ShowQuery = {}, database: DB = db()) {
  return database
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .leftJoin(collections, eq(events.collectionId, collections.id))
    .leftJoin(venues, eq(events.venueId, venues.id))
    .where(showWhere(query, database))
    .orderBy(asc(events.date), asc(events.time), asc(events.id))
    .all();
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
    ...toShow(event, collection, byEvent.get(event.id) ?? [], venue ?? null, database),
    lineup: lineups.get(event.id) ?? [],
  }));
}

export function toShow(
  e: Event,
  collection: typeof collections.$inferSelect | null,
  dates: EventDate[],
  venue: Venue | null = null,
  database: DB = db(),
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
    image: showImageRef(e, database),
    ticketUrl: safeWebUrl(e.ticketUrl),
    price: e.price,
    soldOut: e.soldOut,
    seats: seatsFromColumns(e),
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
      ...(d.seatsTotal !== null ? { seats: seatsFromColumns(d) } : {}),
    })),
    endDate: e.endDate,
    timeZone: e.timeZone,
    currency: e.currency,
    eventStatus: e.eventStatus,
    isOnline: e.isOnline,
    hideStartDate: e.hideStartDate,
    houseRules: effectiveHouseRules(e.houseRules, venue?.houseRules),
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
