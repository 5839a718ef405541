import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { handleSendNow } from "~/features/mail/send-now.server";
import { formatInZone } from "~/lib/zoned-time";
import { listUnsent, outboxCounts } from "~/models/outbox.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";

/** /admin/mail: the outbox (waiting and given-up messages) and "send now" (issue 18). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Outgoing mail" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const env = getEnv();
  const when = (d: Date) => formatInZone(d, "yyyy-MM-dd h:mm a", env.APP_TIMEZONE);
  return json({
    configured: Boolean(env.SMTP_URL),
    counts: outboxCounts(),
    unsent: listUnsent().map((m) => ({
      ...m,
      nextAttemptAt: when(m.nextAttemptAt),
      createdAt: when(m.createdAt),
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  return handleSendNow(request);
}

export default function AdminMail() {
  const { configured, counts, unsent } = useLoaderData<typeof loader>();
  return (
    <section className="section container admin-inbox">
      <p>
        <Link to="/admin">← Admin dashboard</Link> · <Link to="/admin/waitlist">Ticket waitlists</Link>
      </p>
      <h1>Outgoing mail</h1>
      {configured ? null : (
        <p className="form-error" role="alert">
          Mail is not set up (SMTP_URL is empty): messages wait here and are sent once it is.
        </p>
      )}
      <p>
        {counts.pending} waiting · {counts.failed} given up · {counts.sent} sent
      </p>
      <Form method="post">
        <button type="submit" className="button button--primary">
          Send now
        </button>
      </Form>
      {unsent.length > 0 ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Tries</th>
              <th scope="col">Next try</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {unsent.map((m) => (
              <tr key={m.id}>
                <td>{m.toAddress}</td>
                <td>{m.subject}</td>
                <td>{m.status === "pending" ? "Waiting" : "Given up"}</td>
                <td>{m.attempts}</td>
                <td>{m.status === "pending" ? m.nextAttemptAt : ""}</td>
                <td>{m.lastError ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Nothing waiting.</p>
      )}
    </section>
  );
}
