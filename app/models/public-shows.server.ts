import { cardShow } from "~/lib/cards";
import { mergeSameTitle, performancesOf } from "~/lib/recurrence";
import type { Show } from "~/lib/shows";
import { upcomingCutoff, upcomingShows, type UpcomingShow } from "~/lib/upcoming";
import type { DB } from "~/utils/db.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { listShows, type ShowQuery } from "./events.server";

export type ListedShow = UpcomingShow & { series: boolean };

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

export function withSeries(list: UpcomingShow[]): ListedShow[] {
  return list.map((u) => ({ ...u, series: performancesOf(u.show).recurring }));
}

/** The same list trimmed for cards (see app/lib/cards.ts). */
export function toCards(list: ListedShow[]) {
  return list.map((u) => ({ ...u, show: cardShow(u.show) }));
}

export type { Show };
