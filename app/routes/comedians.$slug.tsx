import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CalendarMenu } from "~/components/calendar-menu";
import { ErrorScreen, GeneralErrorBoundary } from "~/components/error-boundary";
import { Headshot } from "~/components/headshot";
import { CardTicketLink } from "~/components/shows/card-ticket-link";
import { VenueName } from "~/components/venue-name";
import { googleLinkFor } from "~/lib/calendar-feed";
import {
  comedianFeedPath,
  dateCalendarLinks,
  feedCalendarLinks,
  feedLinks,
  showIcsPath,
} from "~/lib/calendar-links";
import { comedianDates } from "~/lib/comedian-dates";
import { formatLongDate, formatTime12 } from "~/lib/dates";
import { headshotImage } from "~/lib/headshots";
import { inlineScriptJson } from "~/lib/inline-script-json";
import { comedianPath, ROLE_LABELS } from "~/lib/lineup";
import { WITHOUT_RUNTIME } from "~/lib/page-runtime";
import { WHOLE_STYLESHEET } from "~/lib/page-styles";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { showPath } from "~/lib/slug";
import { personJsonLd } from "~/lib/structured-data";
import { sharePath, trackingCodeOf, withAffiliate } from "~/lib/tracking";
import { venueRefOf } from "~/lib/venue-records";
import { comedianPage } from "~/models/comedian-pages.server";
import { publicContext } from "~/models/public-shows.server";
import publicPagesStyles from "~/styles/public-pages.css";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicPagesStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Comedian not found | ${SITE.name}` }, { name: "robots", content: "noindex" }];
  const { comedian, origin } = data;
  return seoMeta({
    title: `${comedian.name} | ${SITE.name}`,
    description: (comedian.bio ?? `${comedian.name}'s upcoming shows with ${SITE.name}.`).slice(0, 160),
    url: `${origin}${comedianPath(comedian)}`,
    image: comedian.headshot ? headshotImage(comedian.headshot) : SITE.fallbackImage,
    origin,
    type: "website",
  });
};

/** No React in the browser: links and plain forms only (app/lib/page-runtime.ts). */
/** No runtime; public-pages.css holds the site's own styles too (app/lib/page-styles.ts). */
export const handle = { ...WITHOUT_RUNTIME, ...WHOLE_STYLESHEET };

export const headers = passPageCache;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { today } = publicContext();
  const slug = params.slug ?? "";
  const page = slug.length <= 80 ? comedianPage(slug, today) : null;
  if (!page) throw json("Comedian not found", { status: 404 });
  const origin = publicOrigin(request);
  // Issue 41: the comic's tracking code on every link to a show and its tickets (their draw).
  const code = trackingCodeOf(page.comedian.id);
  const zone = getEnv().APP_TIMEZONE;
  // Issue 42 (item 6): every date its own entry, with its own tickets and calendar links.
  const { dates, more } = comedianDates(page.upcoming);
  const upcoming = dates.map(({ show, role, performance: p, soldOut }) => ({
    key: `${show.id}:${p.date}:${p.time}`,
    id: show.id,
    title: show.title,
    role,
    date: p.date,
    time: p.time,
    path: sharePath(showPath({ id: show.id, title: show.title, date: p.date }), code),
    ticketUrl:
      soldOut || show.eventStatus === "cancelled" ? null : withAffiliate(p.ticketUrl ?? show.ticketUrl, code),
    soldOut,
    isEventbrite: show.isEventbrite,
    venue: show.venue,
    venueRecord: venueRefOf(show.venueRecord),
    calendar: show.hideStartDate
      ? []
      : [
          {
            label: "This date",
            links: dateCalendarLinks(showIcsPath(show.id, p.date), googleLinkFor(show, p, origin, zone)),
          },
        ],
  }));
  const past = page.past.map((a) => ({
    id: a.show.id,
    title: a.show.title,
    path: `/event/${a.show.id}`,
    role: a.role,
    date: a.dates[0].date,
    venue: a.show.venue,
    venueRecord: venueRefOf(a.show.venueRecord),
  }));
  return json(
    {
      origin,
      comedian: page.comedian,
      upcoming,
      more: more.map((m) => ({
        title: m.show.title,
        count: m.count,
        path: sharePath(`/event/${m.show.id}`, code),
      })),
      feed: [
        {
          label: `${page.comedian.name}'s shows`,
          links: feedCalendarLinks(feedLinks(origin, comedianFeedPath(page.comedian.slug))),
        },
      ],
      past,
      rounds: page.rounds,
      jsonLd: inlineScriptJson({
        "@context": "https://schema.org",
        ...personJsonLd(page.comedian, origin),
        ...(page.comedian.bio ? { description: page.comedian.bio } : {}),
      }),
    },
    { headers: cacheablePage() },
  );
}

export default function ComedianPage() {
  const { comedian, upcoming, more, feed, past, rounds, jsonLd } = useLoaderData<typeof loader>();
  return (
    <section className="section container">
      <p>
        <Link to="/comedians" className="back-link">
          ← All comedians
        </Link>
      </p>
      <div className="comedian-profile">
        <Headshot
          name={comedian.name}
          image={comedian.headshot}
          size={256}
          sizes="(min-width: 768px) 16rem, 9rem"
          className="comedian-profile__photo"
        />
        <div>
          <h1>{comedian.name}</h1>
          {comedian.bio ? <p className="comedian-profile__bio">{comedian.bio}</p> : null}
          {comedian.links.length ? (
            <ul className="comedian-links" aria-label="Links">
              {comedian.links.map((url) => (
                <li key={url}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer me"
                    className="button button--outline button--small"
                  >
                    {linkLabel(url)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}

          <h2>Upcoming shows</h2>
          {upcoming.length ? (
            <ol className="comedian-dates" aria-label="Upcoming shows">
              {upcoming.map((d) => (
                <li key={d.key} className="comedian-date">
                  <p className="comedian-date__when">
                    <time dateTime={d.date}>{formatLongDate(d.date)}</time> · {formatTime12(d.time)}
                  </p>
                  <p className="comedian-date__show">
                    <Link to={d.path}>
                      <strong>{d.title}</strong>
                    </Link>{" "}
                    <span className="muted">· {ROLE_LABELS[d.role]}</span>
                  </p>
                  <p className="comedian-date__venue">
                    <VenueName venue={d.venue} record={d.venueRecord} className="muted" />
                  </p>
                  <div className="comedian-date__actions">
                    {d.ticketUrl ? (
                      <CardTicketLink
                        title={`${d.title}, ${d.date}`}
                        ticketUrl={d.ticketUrl}
                        isEventbrite={d.isEventbrite}
                        small
                      />
                    ) : d.soldOut ? (
                      <span className="badge badge--soldout">Sold out</span>
                    ) : null}
                    <CalendarMenu groups={d.calendar} name={`${d.title}, ${d.date}`} small />
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">No shows booked right now.</p>
          )}
          {more.length ? (
            <ul className="comedian-dates__more">
              {more.map((m) => (
                <li key={m.path}>
                  <Link to={m.path}>
                    {m.count} more date{m.count === 1 ? "" : "s"} of {m.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <CalendarMenu groups={feed} label={`Follow ${comedian.name}'s shows`} className="comedian-follow" />

          {rounds.length ? (
            <>
              <h2>Rounds won</h2>
              <ul aria-label="Rounds won">
                {rounds.map((r) => (
                  <li key={r.roundId}>
                    {r.title} ({r.votes} vote{r.votes === 1 ? "" : "s"}
                    {r.tied ? ", tied" : ""})
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          {past.length ? (
            <>
              <h2>Past shows</h2>
              <ul className="appearances" aria-label="Past shows">
                {past.map((a) => (
                  <li key={a.id}>
                    <Link to={a.path}>{a.title}</Link> · {ROLE_LABELS[a.role]} ·{" "}
                    <time dateTime={a.date}>{formatLongDate(a.date)}</time> ·{" "}
                    <VenueName venue={a.venue} record={a.venueRecord} className="muted" />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
    </section>
  );
}

function linkLabel(url: string): string {
  const host = new URL(url).hostname.replace(/^(www|m)\./, "");
  if (host === "instagram.com") return "Instagram";
  if (host === "tiktok.com") return "TikTok";
  if (host === "youtube.com" || host === "youtu.be") return "YouTube";
  return "Website";
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorScreen title="Comedian not found">
            <p>
              Nobody is listed at this address. See <Link to="/comedians">all comedians</Link>.
            </p>
          </ErrorScreen>
        ),
      }}
    />
  );
}
