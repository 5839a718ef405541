import { Link, NavLink, useLocation } from "@remix-run/react";
import { CalendarDays, House, Info, Mail, ShoppingBag } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { SITE } from "~/lib/site";
import { LogoFull, LogoMark } from "./logo";

const NAV = [
  { to: "/", title: "Home", Icon: House },
  { to: "/calendar", title: "Calendar", Icon: CalendarDays },
  { to: "/about", title: "About", Icon: Info },
  { to: "/merch", title: "Merch", Icon: ShoppingBag },
  { to: "/contact", title: "Contact", Icon: Mail },
] as const;

/** The spec's header rule: hide after scrolling down more than 10 px, show near the top or on scroll up. */
export const HEADER_SCROLL_THRESHOLD = 10;

export function SiteHeader() {
  const hidden = useHideOnScroll();
  return (
    <header className="site-header" data-hidden={hidden ? "true" : undefined}>
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

function useHideOnScroll() {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  const location = useLocation();
  // Shown again after every navigation.
  useEffect(() => {
    setHidden(false);
    last.current = window.scrollY;
  }, [location.key]);
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= HEADER_SCROLL_THRESHOLD) setHidden(false);
      else if (y > last.current + HEADER_SCROLL_THRESHOLD) setHidden(true);
      else if (y < last.current) setHidden(false);
      if (Math.abs(y - last.current) > HEADER_SCROLL_THRESHOLD || y < last.current) last.current = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return hidden;
}
