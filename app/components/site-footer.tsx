import { Link } from "@remix-run/react";
import { SITE } from "~/lib/site";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">{SITE.name}</p>
          <p>{SITE.tagline}.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/calendar">Calendar</Link>
            </li>
            <li>
              <Link to="/club-shows">Club Shows</Link>
            </li>
            <li>
              <Link to="/comedians">Comedians</Link>
            </li>
            <li>
              <Link to="/comedy-shows-windsor">Comedy Shows in Windsor</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/vote">Vote</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
          </ul>
        </nav>
        <ul className="site-footer__links">
          {SITE.social.map((s) => (
            <li key={s.name}>
              <a href={s.href} rel="noopener noreferrer" target="_blank">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="container site-footer__legal">
        © {new Date().getFullYear()} {SITE.name}. {SITE.region}.
      </p>
    </footer>
  );
}
