import { Link, NavLink, useLocation } from "@remix-run/react";
import { CalendarDays, House, Info, Mail, ShoppingBag } from "lucide-react";
import { useEffect, useRef } from "react";
import { SITE } from "~/lib/site";
import { LogoFull, LogoMark } from "./logo";

const NAV = [
  { to: "/", title: "Home", Icon: House },
  { to: "/calendar", title: "Calendar", Icon: CalendarDays },
  { to: "/about", title: "About", Icon: Info },
  { to: "/merch", title: "Merch", Icon: ShoppingBag },
  { to: "/contact", title: "Contact", Icon: Mail },
] as const;

/**
 * The public header. The spec's scroll rule (hide after scrolling down more than 10 px, show near
 * the top or on scrolling up) is app/components/enhance.ts's, on every page with JavaScript; a
 * hydrated page shows the header again after each navigation.
 */
export function SiteHeader() {
  const ref = useRef<HTMLElement>(null);
  const { key } = useLocation();
  useEffect(() => ref.current?.removeAttribute("data-hidden"), [key]);
  return (
    <header className="site-header" ref={ref}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={`${SITE.name} home`}>
          <LogoFull className="logo-full" />
          <LogoMark className="logo-mark" />
          <span className="site-header__wordmark" aria-hidden="true">
            Laugh
            <br />
            Windsor
          </span>
        </Link>
        <nav aria-label="Main">
          <ul className="site-nav">
            {NAV.map(({ to, title, Icon }) => (
              <li key={to}>
                <NavLink to={to} end={to === "/"} title={title} className="site-nav__link" prefetch="intent">
                  <Icon aria-hidden="true" size={22} strokeWidth={2} />
                  <span className="visually-hidden">{title}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
