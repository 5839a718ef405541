import { CalendarPlus } from "lucide-react";
import type { CalendarMenuGroup } from "~/lib/calendar-links";

/**
 * "Add to calendar" as ONE menu (issue 42, item 7): a <details> disclosure, so it opens and
 * closes without JavaScript; inside, plain links grouped by what they add (this date, every
 * date of a series, a comedian's shows). `name` tells several menus on one page apart for
 * screen readers ("Add to calendar: Tue, Dec 1").
 */
export function CalendarMenu({
  groups,
  label = "Add to calendar",
  name,
  small = false,
  className,
}: {
  groups: CalendarMenuGroup[];
  label?: string;
  name?: string;
  small?: boolean;
  className?: string;
}) {
  if (!groups.length) return null;
  return (
    <details className={className ? `calendar-menu ${className}` : "calendar-menu"}>
      <summary className={`button button--outline${small ? " button--small" : ""}`}>
        <CalendarPlus size={16} aria-hidden="true" /> {label}
        {name ? <span className="visually-hidden">: {name}</span> : null}
      </summary>
      <div className="calendar-menu__panel">
        {groups.map((g) => (
          <div key={g.label} role="group" aria-label={g.label} className="calendar-menu__group">
            {groups.length > 1 ? <p className="calendar-menu__label">{g.label}</p> : null}
            <ul>
              {g.links.map((l) => (
                <li key={l.href}>
                  <a
                    href={l.href}
                    {...(l.kind === "download" ? { download: true } : {})}
                    {...(l.kind === "external" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  >
                    {l.text}
                    {l.kind === "external" ? (
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    ) : null}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}
