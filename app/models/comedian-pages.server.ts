import type { Comedian } from "~/db/schema";
import { seriesSlug } from "~/lib/calendar-links";
import type { HeadshotRef } from "~/lib/headshots";
import { orderForIndex, type LineupRole } from "~/lib/lineup";
import { futurePerformances, mergeSameTitle, performancesOf, type Performance } from "~/lib/recurrence";
import type { Show } from "~/lib/shows";
import { db, type DB } from "~/utils/db.server";
import { appearancesOf, bookedComedians, getComedianBySlug, roundsWon } from "./comedian-profiles.server";
import { listComedians } from "./comedians.server";
import { listShows, listShowsByIds } from "./events.server";
import { headshotRef } from "./headshots.server";
import { profileLinks } from "./lineups.server";

export type ComedianSummary = {
  id: number;
  name: string;
  slug: string;
  bio: string | null;
  headshot: HeadshotRef | null;
  links: string[];
  /** The comedian's next show date (YYYY-MM-DD), or null. */
  nextDate: string | null;
};

export function toSummary(c: Comedian, nextDate: string | null = null, database: DB = db()): ComedianSummary {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug ?? `comedian-${c.id}`,
    bio: c.bio,
    headshot: headshotRef(c, database),
    links: profileLinks(c),
    nextDate,
  };
}

/** The first performance of a show on or after `today`, or null. */
function nextPerformance(show: Show, today: string): Performance | null {
  return futurePerformances(show, today)[0] ?? null;
}

/** /comedians: everyone with an upcoming show first (soonest first), then the rest by name. */
export function comediansIndex(today: string, database: DB = db()): ComedianSummary[] {
  const upcoming = new Map(
    listShows({ from: today }, database).map((s) => [s.id, nextPerformance(s, today)?.date ?? null]),
  );
  const next = new Map<number, string>();
  for (const { comedianId, eventId } of bookedComedians(database)) {
    const date = upcoming.get(eventId);
    if (date && (!next.has(comedianId) || date < next.get(comedianId)!)) next.set(comedianId, date);
  }
  return orderForIndex(listComedians(database).map((c) => toSummary(c, next.get(c.id) ?? null, database)));
}

export type Appearance = { show: Show; role: LineupRole; dates: Performance[] };

/**
 * A comedian's page: profile, upcoming appearances (active shows with a date from today, the
 * dates still to come, soonest first), past appearances (the dates gone by, latest first, at
 * most 50) and the voting rounds won. Null for an unknown or deleted slug.
 */
export function comedianPage(slug: string, today: string, database: DB = db()) {
  const comedian = getComedianBySlug(slug, database);
  if (!comedian) return null;
  const roles = new Map(appearancesOf(comedian.id, database).map((a) => [a.eventId, a.role]));
  const shows = listShowsByIds([...roles.keys()], database);
  const upcoming: Appearance[] = [];
  const past: Appearance[] = [];
  for (const show of shows) {
    const role = roles.get(show.id)!;
    const all = performancesOf(show).performances;
    const ahead = futurePerformances(show, today);
    const behind = all.filter((p) => !ahead.some((a) => a.date === p.date));
    if (ahead.length && !show.archivedAt) upcoming.push({ show, role, dates: ahead });
    if (behind.length) past.push({ show, role, dates: behind.reverse() });
  }
  upcoming.sort(
    (a, b) =>
      a.dates[0].date.localeCompare(b.dates[0].date) || a.dates[0].time.localeCompare(b.dates[0].time),
  );
  past.sort((a, b) => b.dates[0].date.localeCompare(a.dates[0].date));
  return {
    comedian: toSummary(comedian, upcoming[0]?.dates[0]?.date ?? null, database),
    upcoming,
    past: past.slice(0, 50),
    rounds: roundsWon(comedian.id, database),
  };
}

/** Shows with a performance from `today` on that the comedian is on (for the per-comedian feed). */
export function comedianFeedShows(
  slug: string,
  today: string,
  database: DB = db(),
): { comedian: Comedian; shows: Show[] } | null {
  const comedian = getComedianBySlug(slug, database);
  if (!comedian) return null;
  const ids = appearancesOf(comedian.id, database).map((a) => a.eventId);
  const shows = listShowsByIds(ids, database).filter((s) => !s.archivedAt && nextPerformance(s, today));
  return { comedian, shows };
}

/**
 * A recurring series' shows: active shows whose title gives `slug` (same titles merged), with
 * a performance from `today`. Null when no show, past or present, has that title.
 */
export function seriesFeedShows(
  slug: string,
  today: string,
  database: DB = db(),
): { title: string; shows: Show[] } | null {
  const upcoming = mergeSameTitle(
    listShows({ from: today }, database).filter((s) => seriesSlug(s.title) === slug),
  );
  if (upcoming.length) return { title: upcoming[0].title, shows: upcoming };
  const ever = listShows({ archived: "include" }, database).find((s) => seriesSlug(s.title) === slug);
  return ever ? { title: ever.title, shows: [] } : null;
}
