import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CalendarSubscribe } from "~/components/calendar-subscribe";
import { ErrorScreen, GeneralErrorBoundary } from "~/components/error-boundary";
import { CardTicketLink } from "~/components/shows/card-ticket-link";
import { VenueName } from "~/components/venue-name";
import { comedianFeedPath } from "~/lib/calendar-links";
import { formatLongDate, formatTime12 } from "~/lib/dates";
import { inlineScriptJson } from "~/lib/inline-script-json";
import { comedianPath, ROLE_LABELS } from "~/lib/lineup";
import { WITHOUT_RUNTIME } from "~/lib/page-runtime";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { showPath } from "~/lib/slug";
import { personJsonLd } from "~/lib/structured-data";
import { sharePath, trackingCodeOf, withAffiliate } from "~/lib/tracking";
import { venueRefOf } from "~/lib/venue-records";
import { comedianPage } from "~/models/comedian-pages.server";
import { publicContext } from "~/models/public-shows.server";
import publicPagesStyles from "~/styles/public-pages.css";
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
    image: comedian.photoUrl ?? SITE.fallbackImage,
    origin,
    type: "website",
  });
};

/** No React in the browser: links and plain forms only (app/lib/page-runtime.ts). */
export const handle = WITHOUT_RUNTIME;

export const headers = passPageCache;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { today } = publicContext();
  const slug = params.slug ?? "";
  const page = slug.length <= 80 ? comedianPage(slug, today) : null;
  if (!page) throw json("Comedian not found", { status: 404 });
  const origin = publicOrigin(request);
  // Issue 41: the comic's tracking code on every link to a show and its tickets (their draw).
  const code = trackingCodeOf(page.comedian.id);
  const summary = (a: (typeof page.upcoming)[number]) => ({
    id: a.show.id,
    title: a.show.title,
    path: sharePath(showPath({ id: a.show.id, title: a.show.title, date: a.dates[0].date }), code),
    ticketUrl: a.show.soldOut ? null : withAffiliate(a.dates[0].ticketUrl ?? a.show.ticketUrl, code),
    isEventbrite: a.show.isEventbrite,
    venue: a.show.venue,
    venueRecord: venueRefOf(a.show.venueRecord),
    role: a.role,
    dates: a.dates.slice(0, 6).map((d) => ({ date: d.date, time: d.time })),
    more: Math.max(0, a.dates.length - 6),
  });
  return json(
    {
      origin,
      comedian: page.comedian,
      upcoming: page.upcoming.map(summary),
      past: page.past.map((a) => ({ ...summary(a), path: `/event/${a.show.id}`, ticketUrl: null })),
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
  const { comedian, upcoming, past, rounds, origin, jsonLd } = useLoaderData<typeof loader>();
  return (
    <section className="section container">
      <p>
        <Link to="/comedians" className="back-link">
          ← All comedians
        </Link>
      </p>
      <div className="comedian-profile">
        <div>
          {comedian.photoUrl ? (
            <img
              src={comedian.photoUrl}
              alt={comedian.name}
              width={400}
              height={400}
              className="comedian-profile__photo"
            />
          ) : null}
        </div>
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
            <ul className="appearances" aria-label="Upcoming shows">
              {upcoming.map((a) => (
                <li key={a.id} className="panel">
                  <Link to={a.path}>
                    <strong>{a.title}</strong>
                  </Link>{" "}
                  · {ROLE_LABELS[a.role]}
                  <br />
                  {a.dates.map((d, i) => (
                    <span key={d.date}>
                      {i > 0 ? "; " : ""}
                      <time dateTime={d.date}>{formatLongDate(d.date)}</time> {formatTime12(d.time)}
                    </span>
                  ))}
                  {a.more ? <span className="muted"> (+{a.more} more dates)</span> : null}
                  <br />
                  <VenueName venue={a.venue} record={a.venueRecord} className="muted" />
                  {a.ticketUrl ? (
                    <>
                      <br />
                      <CardTicketLink
                        title={a.title}
                        ticketUrl={a.ticketUrl}
                        isEventbrite={a.isEventbrite}
                        small
                      />
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No shows booked right now.</p>
          )}
          <CalendarSubscribe
            origin={origin}
            path={comedianFeedPath(comedian.slug)}
            label={`${comedian.name}'s shows`}
          />

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
                    <time dateTime={a.dates[0].date}>{formatLongDate(a.dates[0].date)}</time> ·{" "}
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
