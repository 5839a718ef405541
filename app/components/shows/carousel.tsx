import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useBusinessToday } from "~/components/business-zone";
import { CardLineup } from "~/components/lineup";
import { VenueName } from "~/components/venue-name";
import { showBadges } from "~/lib/badges";
import type { CardDate, CardShow } from "~/lib/cards";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import { cardPriceText } from "~/lib/price";
import type { Performance } from "~/lib/recurrence";
import { hasTicketsLeft, type BoxOfficeView } from "~/lib/seats";
import { AvailabilityChip } from "./availability";
import { BadgeList } from "./badges";
import { CardTicketLink } from "./card-ticket-link";
import { DatePreview } from "./event-card";
import { ShowImage } from "./show-image";

export const AUTOPLAY_MS = 5000;

/**
 * The home carousel: a scroll-snap strip that works without JavaScript; with it, autoplay
 * every 5 s (paused on hover and focus, off for reduced motion) and previous/next buttons.
 */
export function ShowCarousel({
  items,
}: {
  items: {
    show: CardShow;
    next: Performance;
    upcoming: CardDate[];
    dateCount?: number;
    series: boolean;
    box?: BoxOfficeView;
  }[];
}) {
  const track = useRef<HTMLUListElement>(null);
  const today = useBusinessToday();
  const [hydrated, setHydrated] = useState(false);
  const [paused, setPaused] = useState(false);
  const [hovering, setHovering] = useState(false);
  const [reduced, setReduced] = useState(false);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    setHydrated(true);
    const mq = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(mq.matches);
    const onChange = () => setReduced(mq.matches);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);

  const step = (delta: number) => {
    const el = track.current;
    if (!el || el.children.length === 0) return;
    const width = (el.children[0] as HTMLElement).offsetWidth || el.clientWidth;
    const index = Math.round(el.scrollLeft / width);
    let next = index + delta;
    if (next >= el.children.length || el.scrollLeft + el.clientWidth >= el.scrollWidth - 4)
      next = delta > 0 ? 0 : next;
    if (next < 0) next = el.children.length - 1;
    el.scrollTo({
      left: (el.children[next] as HTMLElement).offsetLeft - el.offsetLeft,
      behavior: reduced ? "auto" : "smooth",
    });
  };

  // The slide indicator follows the strip, however it was moved (buttons, swipe, keys).
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => {
      const width = (el.children[0] as HTMLElement | undefined)?.offsetWidth || el.clientWidth;
      setCurrent(Math.min(el.children.length - 1, Math.max(0, Math.round(el.scrollLeft / width))));
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  const running = hydrated && !paused && !hovering && !reduced && items.length > 1;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => step(1), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running]);

  if (items.length === 0) return null;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Upcoming shows"
      data-autoplay={running ? "on" : "off"}
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      onFocus={() => setHovering(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovering(false);
      }}
    >
      <ul className="carousel__track" ref={track}>
        {items.map(({ show, next, upcoming, dateCount, series, box }, i) => (
          <li
            key={show.id}
            className="carousel__slide"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${items.length}`}
          >
            <ShowImage
              src={show.imageUrl}
              image={show.image}
              sizes="(min-width: 75rem) 1200px, 100vw"
              alt=""
              width={1280}
              height={720}
              className="carousel__image"
            />
            <div className="carousel__caption">
              <BadgeList badges={showBadges(show, { series })} />
              <h2 className="carousel__title">
                <Link to={`/event/${show.id}`}>{show.title}</Link>
              </h2>
              <CardLineup lineup={show.lineup} />
              <p className="carousel__meta">
                <time dateTime={next.date}>{formatCardDate(next.date, today)}</time>
                {` · ${formatTime12(next.time)} · `}
                <VenueName venue={show.venue} record={show.venueRecord} />
              </p>
              <DatePreview upcoming={upcoming} dateCount={dateCount} />
              <p className="carousel__price">{cardPriceText(next.price)}</p>
              <AvailabilityChip box={box} />
              <div className="carousel__actions">
                <Link to={`/event/${show.id}`} className="button button--primary">
                  More Info<span className="visually-hidden">{`: ${show.title}`}</span>
                </Link>
                {(next.ticketUrl ?? show.ticketUrl) &&
                !show.soldOut &&
                (!box || hasTicketsLeft(box.availability)) ? (
                  <CardTicketLink
                    title={show.title}
                    ticketUrl={next.ticketUrl ?? show.ticketUrl!}
                    isEventbrite={show.isEventbrite}
                    otherwise="button--outline"
                  />
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {hydrated && items.length > 1 ? (
        <div className="carousel__controls">
          <button type="button" className="carousel__btn" aria-label="Previous show" onClick={() => step(-1)}>
            ‹
          </button>
          <button
            type="button"
            className="carousel__btn carousel__btn--pause"
            aria-pressed={paused}
            aria-label={paused ? "Play slideshow" : "Pause slideshow"}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? "▶" : "❚❚"}
          </button>
          <button type="button" className="carousel__btn" aria-label="Next show" onClick={() => step(1)}>
            ›
          </button>
          <span className="carousel__count" aria-hidden="true">
            {current + 1} / {items.length}
          </span>
        </div>
      ) : null}
    </section>
  );
}
