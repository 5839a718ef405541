import { CalendarPlus } from "lucide-react";
import { feedLinks } from "~/lib/calendar-links";

/** "Subscribe" (webcal) and "Add to Google Calendar" for a feed: plain links, no JavaScript needed. */
export function CalendarSubscribe({ origin, path, label }: { origin: string; path: string; label: string }) {
  const links = feedLinks(origin, path);
  return (
    <div className="calendar-subscribe" role="group" aria-label={`Calendar feed: ${label}`}>
      <a href={links.webcal} className="button button--outline button--small">
        <CalendarPlus size={16} aria-hidden="true" /> Subscribe
        <span className="visually-hidden"> to {label}</span>
      </a>
      <a
        href={links.google}
        className="button button--outline button--small"
        target="_blank"
        rel="noopener noreferrer"
      >
        Add to Google Calendar<span className="visually-hidden">: {label} (opens in a new tab)</span>
      </a>
      <a href={links.ics} className="calendar-subscribe__ics">
        .ics feed<span className="visually-hidden">: {label}</span>
      </a>
    </div>
  );
}
