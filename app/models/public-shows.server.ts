import { inArray } from "drizzle-orm";
import { events } from "~/db/schema";
import { performanceBoxOffice } from "~/lib/box-office";
import { monthBounds, shiftMonth } from "~/lib/calendar";
import { buildCalendarFeed } from "~/lib/calendar-feed";
import { cardDates, cardShow } from "~/lib/cards";
import { addDaysIso } from "~/lib/dates";
import { distinctVenues, filterShows, isFiltered, type ShowFilters } from "~/lib/filters";
import { homeSections } from "~/lib/home-sections";
import type { ShowImageRef } from "~/lib/image-variants";
import { comedianPath } from "~/lib/lineup";
import {
  expandOccurrences,
  mergeSameTitle,
  performancesOf,
  titleKey,
  type Occurrence,
} from "~/lib/recurrence";
import type { BoxOfficeView } from "~/lib/seats";
import type { Show } from "~/lib/shows";
import { PUBLIC_PAGES, type SitemapEntry } from "~/lib/sitemap";
import { parseSlug, showSlug, slugMatches, uniqueShowPaths, uniqueShowSlugs } from "~/lib/slug";
import { upcomingCutoff, upcomingShows, type UpcomingShow } from "~/lib/upcoming";
import { venueRefOf } from "~/lib/venue-records";
import type { DB } from "~/utils/db.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { listComedians } from "./comedians.server";
import {
  getShowForPage,
  listShowOutlines,
  listShowRefs,
  listShows,
  listShowsByIds,
  type ShowQuery,
} from "./events.server";
import { lineupsFor } from "./lineups.server";
import { venuePagePaths } from "./venues.server";

export type ListedShow = UpcomingShow & {
  series: boolean;
  /** The next performance's availability as the card shows it (app/lib/seats.ts). */
  box: BoxOfficeView;
};

/** The public pages' view of the configuration: today in the business zone. */
export function publicContext() {
  const env = getEnv();
  return { today: upcomingCutoff(env.APP_TIMEZONE) };
}

/**
 * Active shows with a performance today or later (same titles merged), sorted by their next
 * performance: two queries whatever the number of shows.
 */
export function listUpcoming(
  today: string,
  query: Omit<ShowQuery, "from" | "archived"> = {},
  database: DB = db(),
): ListedShow[] {
  const shows = mergeSameTitle(listShows({ ...query, from: today }, database));
  return withSeries(upcomingShows(shows, today));
}

export function withSeries(list: UpcomingShow[], now: Date = new Date()): ListedShow[] {
  const zone = getEnv().APP_TIMEZONE;
  return list.map((u) => ({
    ...u,
    series: performancesOf(u.show).recurring,
    box: performanceBoxOffice(u.show, u.next, now, zone),
  }));
}

/**
 * The same list trimmed for cards (see app/lib/cards.ts): what a card or a carousel slide reads,
 * its first dates and their count rather than every performance.
 */
export function toCards(list: ListedShow[]) {
  return list.map((u) => ({
    show: cardShow(u.show),
    // The seats stay on the server: `box` is what the card shows of them.
    next: { date: u.next.date, time: u.next.time, ticketUrl: u.next.ticketUrl, price: u.next.price },
    series: u.series,
    box: u.box,
    ...cardDates(u.upcoming),
  }));
}

/**
 * The home page's data: the sections (carousel, seasonal collection, club, events grid), the
 * "Showing N of M" counts and the venue choices, for the filters in the URL.
 *
 * Issue 20: the counts and the order need every upcoming show, the cards only a few. Every
 * upcoming show is read in outline (listShowOutlines: no descriptions, line-ups or images) and
 * merged, ordered and filtered by the same rules as before; only the shows of the cards on the
 * page are then read in full (each card's same-title rows, merged again). A text search also
 * reads the descriptions and line-ups of the merged shows it searches.
 */
export function homePage(today: string, filters: ShowFilters, showAll: boolean, database: DB = db()) {
  const outlines = listShowOutlines({ from: today }, database);
  const rowsOf = new Map<string, number[]>();
  for (const s of outlines) {
    const key = titleKey(s.title);
    rowsOf.set(key, [...(rowsOf.get(key) ?? []), s.id]);
  }
  const upcoming = upcomingShows(mergeSameTitle(outlines), today);
  if (filters.q) addSearchText(upcoming, database);
  const matching = isFiltered(filters)
    ? new Set(
        filterShows(
          upcoming.map((u) => u.show),
          filters,
          today,
        ).map((s) => s.id),
      )
    : null;
  const filtered = matching ? upcoming.filter((u) => matching.has(u.show.id)) : upcoming;
  const sections = homeSections(upcoming, filtered, today, showAll);

  // Sections overlap: send each show once and the sections as indexes into that list.
  const needed = new Set(Object.values(sections).flat());
  const full = new Map(
    withSeries(
      upcomingShows(
        mergeSameTitle(
          listShowsByIds(
            upcoming.filter((u) => needed.has(u)).flatMap((u) => rowsOf.get(titleKey(u.show.title)) ?? []),
            database,
          ),
        ),
        today,
      ),
    ).map((u) => [u.show.id, u]),
  );
  // A show deleted between the two reads is left out.
  const items = upcoming.filter((u) => needed.has(u) && full.has(u.show.id));
  const position = new Map(items.map((u, i) => [u, i]));
  const indexes = (list: UpcomingShow[]) => list.flatMap((u) => (position.has(u) ? [position.get(u)!] : []));
  // Only the grid's cards (the first screen) carry the blurred preview: the sections below it load
  // their images as they come near, over a dark slide or card. So the page's first response fits
  // in one round trip on a phone (docs/decisions/performance.md, "The home page's first response").
  const inGrid = new Set(sections.grid);
  const cards = toCards(items.map((u) => full.get(u.show.id)!)).map((card, i) =>
    inGrid.has(items[i]) || !card.show.image
      ? card
      : { ...card, show: { ...card.show, image: { ...card.show.image, placeholder: "" } } },
  );
  return {
    items: cards,
    carousel: indexes(sections.carousel),
    epicDads: indexes(sections.epicDads),
    club: indexes(sections.club),
    grid: indexes(sections.grid),
    shown: filtered.length,
    total: upcoming.length,
    venueOptions: distinctVenues(upcoming.map((u) => u.show)),
    filters,
    showAll,
  };
}

/** What a text search reads of a merged show besides its outline: description and line-up. */
function addSearchText(list: UpcomingShow[], database: DB) {
  const ids = list.map((u) => u.show.id);
  const lineups = lineupsFor(ids, database);
  const descriptions = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of database
      .select({ id: events.id, description: events.description })
      .from(events)
      .where(inArray(events.id, ids.slice(i, i + 500)))
      .all())
      descriptions.set(r.id, r.description);
  }
  for (const u of list) {
    u.show.description = descriptions.get(u.show.id) ?? "";
    u.show.lineup = lineups.get(u.show.id) ?? [];
  }
}

/** The number of items in the calendar's "Upcoming Events" list. */
export const UPCOMING_LIST_SIZE = 5;
const UPCOMING_WINDOW_DAYS = 45;

export type CalendarTile = {
  id: number;
  title: string;
  imageUrl: string | null;
  image: ShowImageRef | null;
  date: string;
  time: string;
  series: boolean;
  archived: boolean;
  soldOut: boolean;
};

/**
 * The calendar page of a month: its tiles (upcoming dates of active shows from today, archived
 * shows greyed) and the next few performances. Reads only the month on screen, and for the
 * list the next few weeks in outline (everything only when those weeks hold fewer than 5
 * dates): a handful of queries whatever the number of shows.
 */
export function calendarPage(month: string, today: string, database: DB = db()) {
  const { first, last } = monthBounds(month);
  const gridFrom = first > today ? first : today;
  const inMonth = last >= today ? mergeSameTitle(listShows({ from: gridFrom, to: last }, database)) : [];
  const archived = listShows({ archived: "only", from: first, to: last }, database);
  const tiles: CalendarTile[] = [
    ...expandOccurrences(inMonth, gridFrom, last).map((o) => ({ ...o, archived: false })),
    ...expandOccurrences(archived, first, last).map((o) => ({ ...o, series: false, archived: true })),
  ].map((o) => ({
    id: o.show.id,
    title: o.show.title,
    imageUrl: o.show.imageUrl,
    // Small tiles, many per month: no placeholder (keeps the page light).
    image: o.show.image ? { ...o.show.image, placeholder: "" } : null,
    date: o.date,
    time: o.time,
    series: o.series,
    archived: o.archived,
    soldOut: o.show.soldOut,
  }));

  const upcoming = nextPerformances(today, database).map((o) => ({
    id: o.show.id,
    title: o.show.title,
    imageUrl: o.show.imageUrl,
    image: o.show.image ?? null,
    date: o.date,
    time: o.time,
    venue: o.show.venue,
    venueRecord: venueRefOf(o.show.venueRecord),
    ticketUrl: o.ticketUrl,
    isEventbrite: o.show.isEventbrite,
    soldOut: o.show.soldOut,
  }));
  return { month, today, prev: shiftMonth(month, -1), next: shiftMonth(month, 1), tiles, upcoming };
}

/**
 * The calendar's "Upcoming Events": the next UPCOMING_LIST_SIZE performances of the next few
 * weeks (of every upcoming show when those weeks hold fewer), same titles merged. The weeks are
 * read in outline to find them, then only their shows in full.
 */
function nextPerformances(today: string, database: DB): Occurrence[] {
  const windowEnd = addDaysIso(today, UPCOMING_WINDOW_DAYS);
  let outlines = listShowOutlines({ from: today, to: windowEnd }, database);
  let to: string | undefined = windowEnd;
  let soon = expandOccurrences(mergeSameTitle(outlines), today, to);
  if (soon.length < UPCOMING_LIST_SIZE) {
    outlines = listShowOutlines({ from: today }, database);
    to = undefined;
    soon = expandOccurrences(mergeSameTitle(outlines), today);
  }
  const first = soon.slice(0, UPCOMING_LIST_SIZE);
  const keys = new Set(first.map((o) => titleKey(o.show.title)));
  const rows = outlines.filter((s) => keys.has(titleKey(s.title))).map((s) => s.id);
  const full = new Map(
    expandOccurrences(mergeSameTitle(listShowsByIds(rows, database)), today, to).map((o) => [
      `${o.show.id}|${o.date}`,
      o,
    ]),
  );
  return first.flatMap((o) => full.get(`${o.show.id}|${o.date}`) ?? []);
}

/**
 * The show a /show/{slug} address names, with its canonical slug, or null (unknown slugs go
 * to /404). Candidates are the active shows on the slug's date (a recurring show counts by any
 * of its dates); a show's own unique slug wins (two shows can share the spec's slug), then the
 * spec's match.
 */
export function showBySlug(slug: string, database: DB = db()) {
  const parsed = parseSlug(slug);
  if (!parsed) return null;
  const candidates = listShows({ from: parsed.date, to: parsed.date }, database);
  const slugs = uniqueShowSlugs(candidates.filter((s) => s.date === parsed.date));
  const requested = slug.toLowerCase();
  const match =
    candidates.find((s) => slugs.get(s.id) === requested) ??
    candidates.find((s) =>
      slugMatches(
        parsed,
        s,
        performancesOf(s).performances.map((p) => p.date),
      ),
    );
  const show = match ? getShowForPage(match.id, database) : null;
  if (!show) return null;
  return { show, date: parsed.date, canonicalSlug: slugs.get(show.id) ?? showSlug(show) };
}

/**
 * What /calendar.ics covers (a decision, issue 20; the spec has no feed): the performances of
 * active shows from today to a year ahead, at most FEED_MAX_EVENTS of them, the soonest first.
 * A subscriber's calendar needs the coming months; past shows leave the site's lists (they are
 * archived), so they leave the feed too.
 */
export const FEED_DAYS_AHEAD = 365;
export const FEED_MAX_EVENTS = 500;

/**
 * The shows of the site-wide feed: the soonest FEED_MAX_EVENTS performances in the window are
 * picked in SQL (own dates of one-off shows, recurring dates, and the title-range shows, by the
 * date indexes), and only their shows are read.
 */
export function feedShows(today: string, database: DB = db()): Show[] {
  const to = addDaysIso(today, FEED_DAYS_AHEAD);
  const soonest = database.$client
    .prepare(
      `select id from (
        select e.id, e.date, e.time from events e
          where e.archived_at is null and e.date >= ? and e.date <= ?
            and not exists (select 1 from event_dates d where d.event_id = e.id)
        union all
        select e.id, d.date, coalesce(d.time, e.time) from event_dates d join events e on e.id = d.event_id
          where e.archived_at is null and d.date >= ? and d.date <= ?
      ) order by date, time, id limit ?`,
    )
    .pluck()
    .all(today, to, today, to, FEED_MAX_EVENTS) as number[];
  // Title-range shows (rare) take their second date from the title: all candidates are read.
  const titleRange = database.$client
    .prepare(
      `select id from events where archived_at is null and title like '%th)' and date >= ? and date <= ?`,
    )
    .pluck()
    .all(addDaysIso(today, -31), to) as number[];
  const rows = [...soonest, ...titleRange];
  return listShowsByIds([...new Set(rows)], database).filter((s) => !s.archivedAt);
}

/** /calendar.ics: see FEED_DAYS_AHEAD and FEED_MAX_EVENTS. */
export function siteCalendarFeed(origin: string, today: string, zone: string, database: DB = db()) {
  return buildCalendarFeed(feedShows(today, database), {
    origin,
    from: today,
    to: addDaysIso(today, FEED_DAYS_AHEAD),
    limit: FEED_MAX_EVENTS,
    zone,
  });
}

/**
 * Every public address of the sitemap: the public pages, venue pages, every upcoming show (by
 * slug where one resolves; one lean query of id, title and date) and comedian profiles.
 */
export function sitemapEntries(today: string, database: DB = db()): SitemapEntry[] {
  const shows = listShowRefs({ from: today }, database);
  // One address per show, even when two shows' spec slugs collide (issue 14).
  const paths = uniqueShowPaths(shows);
  return [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...venuePagePaths(database).map((path) => ({ path })),
    ...[...new Set(shows.map((s) => paths.get(s.id)!))].map((path) => ({ path })),
    ...listComedians(database).flatMap((c) => (c.slug ? [{ path: comedianPath({ slug: c.slug }) }] : [])),
  ];
}

export type { Show };
