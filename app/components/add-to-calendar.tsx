import { CalendarPlus } from "lucide-react";
import type { Show } from "~/lib/shows";

/** "Add to calendar": the show's .ics file (a plain link: works without JavaScript). */
export function AddToCalendar({ show }: { show: Show }) {
  return (
    <a href={`/event/${show.id}/calendar.ics`} className="button button--outline button--small" download>
      <CalendarPlus size={16} aria-hidden="true" /> Add to calendar
    </a>
  );
}
