import { CalendarPlus } from "lucide-react";
import type { Show } from "~/lib/shows";

/**
 * "Add to calendar": the show's .ics file (with a reminder), and when given, the same
 * performance as a Google Calendar event. Plain links: they work without JavaScript.
 */
export function AddToCalendar({ show, google }: { show: Show; google?: string }) {
  return (
    <>
      <a href={`/event/${show.id}/calendar.ics`} className="button button--outline button--small" download>
        <CalendarPlus size={16} aria-hidden="true" /> Add to calendar
      </a>
      {google ? (
        <a
          href={google}
          className="button button--outline button--small"
          target="_blank"
          rel="noopener noreferrer"
        >
          Add to Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
    </>
  );
}
