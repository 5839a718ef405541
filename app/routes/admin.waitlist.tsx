import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { handleWaitlistPost } from "~/features/waitlist/staff-waitlist.server";
import { formatLongDate, todayIn } from "~/lib/dates";
import { staffPerformances } from "~/models/waitlist.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";

/**
 * /admin/waitlist: who waits for which sold-out show or date, the per-date sold-out toggle
 * of recurring shows, the CSV export and "send now" (issue 18).
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [
  { title: "Ticket waitlists" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return json({ performances: staffPerformances(todayIn(getEnv().APP_TIMEZONE)) });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleWaitlistPost(request, await requireStaff(request));
}

export default function AdminWaitlist() {
  const { performances } = useLoaderData<typeof loader>();
  return (
    <section className="section container admin-inbox">
      <p>
        <Link to="/admin">← Admin dashboard</Link>
      </p>
      <h1>Ticket waitlists</h1>
      <p>
        People who asked to be told when tickets free up. Marking a show or a date available e-mails them
        (once a day at most), and so does a sync that finds seats again on Eventbrite for what Eventbrite had
        sold out; lists are deleted after the show.{" "}
        <a href="/admin/waitlist.csv" download>
          Export all as CSV
        </a>{" "}
        · <Link to="/admin/mail">Outgoing mail</Link>
      </p>
      {performances.length === 0 ? (
        <p>No sold-out shows or dates and nobody waiting.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Show</th>
              <th scope="col">Date</th>
              <th scope="col">Tickets</th>
              <th scope="col">Waiting</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {performances.map((p) => {
              const label = `${p.title}, ${formatLongDate(p.date)}`;
              return (
                <tr key={`${p.eventId}-${p.date}`}>
                  <td>
                    <Link to={`/event/${p.eventId}?date=${p.date}`}>{p.title}</Link>
                  </td>
                  <td>
                    <time dateTime={p.date}>{formatLongDate(p.date)}</time>
                  </td>
                  <td>
                    {p.soldOut ? (
                      <>
                        <span className="badge badge--soldout">Sold out</span>{" "}
                        {p.soldOutBy === "platform" ? (
                          <span className="muted">on Eventbrite: the sync reopens it when seats free up</span>
                        ) : (
                          <span className="muted">by staff</span>
                        )}
                      </>
                    ) : (
                      "Available"
                    )}
                  </td>
                  <td>
                    {p.waiting} waiting{p.notified ? ` (${p.notified} e-mailed)` : ""}
                  </td>
                  <td className="admin-actions">
                    {p.recurring && !p.showSoldOut ? (
                      <Form method="post">
                        <input type="hidden" name="eventId" value={p.eventId} />
                        <input type="hidden" name="date" value={p.date} />
                        <button
                          type="submit"
                          name="intent"
                          value={p.soldOut ? "date-available" : "date-sold-out"}
                          className="button button--outline button--small"
                          aria-label={`${p.soldOut ? "Mark available" : "Mark sold out"}: ${label}`}
                        >
                          {p.soldOut ? "Mark available" : "Mark sold out"}
                        </button>
                      </Form>
                    ) : p.showSoldOut ? (
                      <Form method="post" action={`/admin/events/${p.eventId}/sold-out`}>
                        <input type="hidden" name="soldOut" value="false" />
                        <button
                          type="submit"
                          className="button button--outline button--small"
                          aria-label={`Mark available: ${p.title}`}
                        >
                          Mark show available
                        </button>
                      </Form>
                    ) : null}
                    {p.waiting > 0 ? (
                      <>
                        <Form method="post">
                          <input type="hidden" name="eventId" value={p.eventId} />
                          <input type="hidden" name="date" value={p.date} />
                          <button
                            type="submit"
                            name="intent"
                            value="send"
                            className="button button--outline button--small"
                            aria-label={`Send now: ${label}`}
                          >
                            Send now
                          </button>
                        </Form>
                        <a
                          href={`/admin/waitlist.csv?event=${p.eventId}&date=${p.date}`}
                          download
                          aria-label={`CSV: ${label}`}
                        >
                          CSV
                        </a>
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
