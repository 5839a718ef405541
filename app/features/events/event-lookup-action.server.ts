import { todayIn } from "~/lib/dates";
import { detailsToFormDefaults } from "~/lib/event-lookup";
import { lookupEventDetails } from "~/services/event-lookup.server";
import { getEnv } from "~/utils/env.server";

export const LOOKUP_OK = "Event details loaded";
export const LOOKUP_FAILED = "Failed to load event details. Please check the URL and try again.";

/**
 * The event form's "Load details from URL" post (intent=load-url), shared by the Add and
 * Edit pages: answers the values to fill the form with and the outcome message.
 */
export async function loadDetailsFromUrl(url: string) {
  const today = todayIn(getEnv().APP_TIMEZONE);
  const result = await lookupEventDetails(url, today);
  return {
    loaded: {
      ok: result.ok,
      message: result.ok ? LOOKUP_OK : LOOKUP_FAILED,
      url,
      defaults: detailsToFormDefaults(result.details),
      stamp: Date.now(),
    },
  };
}
