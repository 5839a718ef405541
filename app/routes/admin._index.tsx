import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { SyncButton } from "~/components/admin/sync-button";
import { useBusinessToday } from "~/components/business-zone";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ARCHIVE_QUESTION, autoArchivedMessage } from "~/lib/admin-messages";
import { formatCardDate, formatTime12, todayIn } from "~/lib/dates";
import { pageOf } from "~/lib/paging";
import { formatInZone } from "~/lib/zoned-time";
import { latestAudit } from "~/models/audit.server";
import { autoArchivePastShows, dashboardShows } from "~/models/events-admin.server";
import { imageProblems } from "~/models/show-images.server";
import { getSyncStatus } from "~/models/sync.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [
  { title: "Admin dashboard" },
  { name: "robots", content: "noindex" },
];

const STAFF_LINKS = [
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/applications", label: "Applications" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/waitlist", label: "Ticket waitlists" },
  { to: "/admin/mail", label: "Outgoing mail" },
  { to: "/admin/venues", label: "Venues" },
  { to: "/admin/rounds", label: "Voting rounds" },
  { to: "/manage-comedians", label: "Comedians" },
  { to: "/admin/comedians", label: "Comedian profiles" },
  { to: "/booking", label: "Booking schedule" },
  { to: "/results", label: "Results" },
  { to: "/admin/staff", label: "Staff and sign-in" },
  { to: "/debug", label: "Debug" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const zone = getEnv().APP_TIMEZONE;
  const url = new URL(request.url);
  const view = url.searchParams.get("view") === "archive" ? "archive" : "active";

  // Past shows leave the active list on every dashboard load; the count is reported on this
  // page itself. Not a redirect with a flash: the root loader consumes the flashes of the same
  // load (the sync's "Successfully synced ..."), and a second session write raced it (issue 41).
  let archived = 0;
  try {
    archived = autoArchivePastShows(todayIn(zone), staff);
  } catch (error) {
    logger().error({ err: error }, "auto-archive failed");
  }
  const autoArchived = archived > 0 ? autoArchivedMessage(archived) : null;

  try {
    return json({
      staff,
      view,
      autoArchived,
      loadError: null as string | null,
      sync: getSyncStatus(),
      ...loadDashboard(view, zone, url.searchParams.get("page")),
    });
  } catch (error) {
    logger().error({ err: error }, "dashboard load failed");
    const empty: ReturnType<typeof loadDashboard> = {
      shows: [],
      audit: [],
      paging: pageOf(0, null, SHOWS_PER_PAGE),
    };
    return json(
      { staff, view, autoArchived, loadError: "Failed to load data" as string | null, sync: null, ...empty },
      { status: 500 },
    );
  }
}

/** Issue 20: the dashboard lists shows a page at a time (its HTML grew with every show). */
const SHOWS_PER_PAGE = 250;

function loadDashboard(view: "active" | "archive", zone: string, pageParam: string | null) {
  const { shows, paging } = dashboardShows(view, pageParam, SHOWS_PER_PAGE);
  const audit = latestAudit(15).map((entry) => ({
    id: entry.id,
    at: formatInZone(entry.createdAt, "MMM d, h:mm a", zone),
    actor: entry.actor,
    action: entry.action,
    entity: entry.entityId ? `${entry.entityType} #${entry.entityId}` : entry.entityType,
  }));
  const imageIssues = imageProblems();
  return {
    shows: shows.map((s) => ({
      id: s.id,
      title: s.title,
      date: s.date,
      time: s.time,
      venue: s.venue,
      soldOut: s.soldOut,
      isEventbrite: s.isEventbrite,
      dates: s.dates.map((d) => ({ date: d.date, time: d.time ?? s.time })),
      archivedOn: s.archivedAt ? formatInZone(new Date(s.archivedAt), "MMM d, yyyy", zone) : null,
      imageProblem: imageIssues.get(s.id) ?? null,
    })),
    audit,
    paging,
  };
}

type DashboardShow = ReturnType<typeof loadDashboard>["shows"][number];

export default function AdminDashboard() {
  const { staff, view, shows, audit, loadError, sync, paging, autoArchived } = useLoaderData<typeof loader>();
  const today = useBusinessToday();
  const pageLink = (page: number) =>
    `/admin?${new URLSearchParams({ ...(view === "archive" ? { view } : {}), page: String(page) })}`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [toArchive, setToArchive] = useState<DashboardShow | null>(null);
  const navigation = useNavigation();

  const askArchive = (show: DashboardShow) => {
    setToArchive(show);
    dialogRef.current?.showModal();
  };

  return (
    <section className="section container admin">
      <header className="admin-head">
        <div>
          <h1>Admin dashboard</h1>
          <p className="muted">Signed in as {staff.username}. Times are Toronto time.</p>
        </div>
        <Form method="post" action="/admin/logout">
          <button type="submit" className="button button--dark button--small">
            Logout
          </button>
        </Form>
      </header>

      <nav aria-label="Staff areas" className="admin-links">
        <ul>
          {STAFF_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="admin-actions">
        <Link to="/admin/events/new" className="button button--primary">
          Add New Event
        </Link>
        <SyncButton status={sync} />
      </div>

      <nav aria-label="Event lists" className="admin-tabs">
        <Link to="/admin" aria-current={view === "active" ? "page" : undefined}>
          Active events
        </Link>
        <Link to="/admin?view=archive" aria-current={view === "archive" ? "page" : undefined}>
          Archive
        </Link>
      </nav>

      {autoArchived ? (
        <p className="flash flash--info admin-note" role="status">
          {autoArchived}
        </p>
      ) : null}
      {loadError ? (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      ) : null}
      <h2 className="visually-hidden">{view === "archive" ? "Archived events" : "Active events"}</h2>
      {shows.length === 0 ? (
        <p className="muted">{view === "archive" ? "No archived events." : "No active events."}</p>
      ) : (
        <ul className="admin-shows">
          {shows.map((show) => (
            <li key={show.id} className={`admin-show${view === "archive" ? " admin-show--archived" : ""}`}>
              <article aria-label={show.title}>
                <h3 className="admin-show__title">{show.title}</h3>
                <p className="admin-show__when">
                  {formatCardDate(show.date, today)} · {formatTime12(show.time)}
                  {show.dates.length > 0 ? ` · recurring, ${show.dates.length} dates` : null}
                </p>
                <p className="admin-show__meta">
                  <span>{show.venue}</span>
                  <span className="badge">{show.isEventbrite ? "Ticketing platform" : "Manual"}</span>
                  {show.soldOut ? <span className="badge badge--soldout">Sold out</span> : null}
                  {show.imageProblem ? (
                    <span className="badge badge--image-problem" title={show.imageProblem}>
                      Image problem: stock image shown
                    </span>
                  ) : null}
                  {show.archivedOn ? <span className="muted">Archived {show.archivedOn}</span> : null}
                </p>
                {view === "active" ? (
                  <div className="admin-show__actions">
                    <Link
                      to={`/admin/events/${show.id}`}
                      className="button button--outline button--small"
                      aria-label={`Edit ${show.title}`}
                    >
                      Edit
                    </Link>
                    <Form method="post" action={`/admin/events/${show.id}/sold-out`}>
                      <input type="hidden" name="soldOut" value={show.soldOut ? "false" : "true"} />
                      <button
                        type="submit"
                        className="button button--outline button--small"
                        aria-label={`${show.soldOut ? "Mark available" : "Mark sold out"}: ${show.title}`}
                      >
                        {show.soldOut ? "Mark available" : "Mark sold out"}
                      </button>
                    </Form>
                    <Link
                      to={`/admin/events/${show.id}/archive`}
                      className="button button--outline button--small admin-show__archive"
                      aria-label={`Archive ${show.title}`}
                      onClick={(event) => {
                        if (!dialogRef.current?.showModal) return;
                        event.preventDefault();
                        askArchive(show);
                      }}
                    >
                      Archive
                    </Link>
                    <Link to={`/debug/${show.id}`} className="admin-show__debug">
                      Debug
                    </Link>
                  </div>
                ) : (
                  <div className="admin-show__actions">
                    <Link
                      to={`/admin/events/${show.id}`}
                      className="button button--outline button--small"
                      aria-label={`View ${show.title}`}
                    >
                      View
                    </Link>
                    <Link to={`/debug/${show.id}`} className="admin-show__debug">
                      Debug
                    </Link>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      {paging.pages > 1 ? (
        <nav aria-label="Pages of events" className="admin-tabs">
          <span className="muted">
            Events {paging.start + 1}–{paging.end} of {paging.total}
          </span>
          {paging.page > 1 ? <Link to={pageLink(paging.page - 1)}>Previous page</Link> : null}
          {paging.page < paging.pages ? <Link to={pageLink(paging.page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}

      <dialog
        ref={dialogRef}
        className="admin-dialog"
        aria-labelledby="archive-dialog-title"
        onClose={() => setToArchive(null)}
      >
        <h2 id="archive-dialog-title">Archive event</h2>
        {toArchive ? (
          <p>
            <strong>{toArchive.title}</strong>
          </p>
        ) : null}
        <p>{ARCHIVE_QUESTION}</p>
        <Form
          method="post"
          action={toArchive ? `/admin/events/${toArchive.id}/archive` : undefined}
          onSubmit={() => dialogRef.current?.close()}
        >
          <div className="admin-confirm__actions">
            <button
              type="submit"
              className="button button--danger"
              disabled={!toArchive || navigation.state === "submitting"}
            >
              Archive
            </button>
            <button
              type="button"
              className="button button--outline"
              onClick={() => dialogRef.current?.close()}
            >
              Cancel
            </button>
          </div>
        </Form>
      </dialog>

      <section className="admin-audit" aria-labelledby="audit-title">
        <h2 id="audit-title">Recent staff activity</h2>
        {audit.length === 0 ? (
          <p className="muted">Nothing yet.</p>
        ) : (
          <ol>
            {audit.map((a) => (
              <li key={a.id}>
                <time>{a.at}</time> · <strong>{a.actor}</strong> · {a.action} · {a.entity}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
