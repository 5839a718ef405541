import {
  json,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorScreen, GeneralErrorBoundary } from "~/components/error-boundary";
import { formatLongDate, formatTime12, todayIn } from "~/lib/dates";
import { reportWindow, seatsText, weekOf } from "~/lib/partner-report";
import { SITE } from "~/lib/site";
import { getVenueForReport, venueReport } from "~/models/partner-reports.server";
import contentStyles from "~/styles/content.css";
import { getEnv } from "~/utils/env.server";
import { readPartnerToken } from "~/utils/partner-link.server";

/**
 * /partners/{token}: a venue's partner report, read-only, for whoever holds the link the weekly
 * e-mail carries (issue 41): this week's numbers, live, until the link expires. No session,
 * nothing to change; never cached, never indexed.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.venue}: partner report | ${SITE.name}` : `Report | ${SITE.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

const NO_STORE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
export const headers: HeadersFunction = () => NO_STORE;

export async function loader({ params }: LoaderFunctionArgs) {
  const read = readPartnerToken(params.token ?? "");
  if (read === "expired")
    throw new Response("The next weekly e-mail brings a new one.", {
      status: 410,
      headers: NO_STORE,
    });
  const venue = read ? getVenueForReport(read.venueId) : null;
  if (!read || !venue) throw new Response("Not Found", { status: 404, headers: NO_STORE });
  const zone = getEnv().APP_TIMEZONE;
  const today = todayIn(zone);
  const week = weekOf(today);
  return json(
    {
      venue: venue.name,
      week,
      // The last day the link works: the day (business zone) before the instant it stops.
      lastDay: todayIn(zone, new Date(read.expires.getTime() - 1)),
      rows: venueReport(venue.id, reportWindow(week), today),
    },
    { headers: NO_STORE },
  );
}

export default function PartnerReport() {
  const { venue, week, lastDay, rows } = useLoaderData<typeof loader>();
  return (
    <article className="content-page container section">
      <header className="content-hero">
        <h1>{venue}: partner report</h1>
        <p className="content-lead">
          Week of {formatLongDate(week)}: last week and the four weeks ahead, as the box office knows them
          now. This read-only link works until the end of {formatLongDate(lastDay)}.
        </p>
      </header>
      {rows.length ? (
        <div className="admin-table__scroll">
          <table className="admin-table partner-report">
            <caption className="visually-hidden">Shows at {venue}</caption>
            <thead>
              <tr>
                <th scope="col">Show</th>
                <th scope="col">Tickets sold</th>
                <th scope="col">Waitlist</th>
                <th scope="col">Checked in</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.title}:${r.date}:${r.time}`}>
                  <th scope="row">
                    {r.title}
                    <span className="admin-table__note">
                      {formatLongDate(r.date)} {formatTime12(r.time)}
                    </span>
                  </th>
                  <td data-label="Tickets sold">{seatsText(r)}</td>
                  <td data-label="Waitlist">{r.waitlist}</td>
                  <td data-label="Checked in">{r.checkIns ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No shows in these five weeks.</p>
      )}
    </article>
  );
}

/** An expired link says so (and what to do); anything else is the usual "Page not found". */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        410: ({ data }) => (
          <ErrorScreen title="This report link has expired">
            <p>{typeof data === "string" ? data : null}</p>
          </ErrorScreen>
        ),
      }}
    />
  );
}
