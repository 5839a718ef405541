import { Link, NavLink } from "@remix-run/react";
import { SITE } from "~/lib/site";

const LINKS = [
  { to: "/admin", label: "Shows" },
  { to: "/admin/rounds", label: "Voting" },
  { to: "/booking", label: "Booking" },
  { to: "/admin/messages", label: "Inboxes" },
] as const;

/** The back office's own slim header: staff pages are work screens, not the club's shop window. */
export function StaffHeader() {
  return (
    <header className="staff-header">
      <div className="staff-header__inner">
        <Link to="/admin" className="staff-header__brand">
          {SITE.name} <span className="staff-header__tag">Staff</span>
        </Link>
        <nav aria-label="Staff">
          <ul className="staff-header__nav">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === "/admin"}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Link to="/">View site</Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
