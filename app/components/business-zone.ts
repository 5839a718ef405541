import { useRouteLoaderData } from "@remix-run/react";
import { BUSINESS_TIME_ZONE } from "~/lib/dates";

/**
 * The business time zone (APP_TIMEZONE) in browser-rendered components: the root loader
 * passes the configured zone to every page. Outside the app's routes (a component test, an
 * error page without root data) it is APP_TIMEZONE's default.
 */
export function useBusinessZone(): string {
  const data = useRouteLoaderData("root") as { zone?: string } | undefined;
  return data?.zone ?? BUSINESS_TIME_ZONE;
}
