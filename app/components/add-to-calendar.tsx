import type { Show } from "~/lib/shows";

/** "Add to calendar" link to the show's .ics feed. Issue 4 fills it in. */
export function AddToCalendar(_props: { show: Show }) {
  return null;
}
