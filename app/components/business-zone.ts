import { useRouteLoaderData } from "@remix-run/react";
import { BUSINESS_TIME_ZONE, todayIn } from "~/lib/dates";

type RootData = { zone?: string; today?: string } | undefined;

/**
 * The business time zone (APP_TIMEZONE) in browser-rendered components: the root loader
 * passes the configured zone to every page. Outside the app's routes (a component test, an
 * error page without root data) it is APP_TIMEZONE's default.
 */
export function useBusinessZone(): string {
  const data = useRouteLoaderData("root") as RootData;
  return data?.zone ?? BUSINESS_TIME_ZONE;
}

/**
 * Today (YYYY-MM-DD) in the business zone, as the server saw it when it rendered the page (the
 * root loader's `today`). The browser reuses it when it hydrates, so the page reads the same on
 * both sides and no time-zone formatter is built in the browser (the first one loads the
 * browser's ICU data: 50-100 ms of one task on a phone, issue 16).
 */
export function useBusinessToday(): string {
  const data = useRouteLoaderData("root") as RootData;
  return data?.today ?? todayIn(data?.zone ?? BUSINESS_TIME_ZONE);
}
