import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatInZone } from "~/lib/zoned-time";
import { listNewsletterSignups } from "~/models/mail-lists.server";
import contentStyles from "~/styles/content.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [
  { title: "Newsletter sign-ups" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const zone = getEnv().APP_TIMEZONE;
  const when = (d: Date | null) => (d ? formatInZone(d, "yyyy-MM-dd h:mm a", zone) : "");
  const signups = listNewsletterSignups().map((s) => ({
    id: s.id,
    email: s.email,
    source: s.source,
    joined: when(s.createdAt),
    status: s.unsubscribedAt ? "Unsubscribed" : s.confirmedAt ? "Confirmed" : "Waiting for confirmation",
    since: when(s.unsubscribedAt ?? s.confirmedAt),
    mailable: Boolean(s.confirmedAt && !s.unsubscribedAt),
  }));
  return json({ signups, mailable: signups.filter((s) => s.mailable).length });
}

export default function AdminNewsletter() {
  const { signups, mailable } = useLoaderData<typeof loader>();
  return (
    <section className="section container admin-inbox">
      <p>
        <Link to="/admin">← Admin dashboard</Link>
      </p>
      <h1>Newsletter sign-ups</h1>
      <p>
        {signups.length} sign-up{signups.length === 1 ? "" : "s"}, {mailable} confirmed and subscribed (only
        those may be e-mailed). <a href="/admin/consents.csv">Export the consent records (CSV)</a>, both
        lists.
      </p>
      {signups.length > 0 ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Signed up</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {signups.map((s) => (
              <tr key={s.id}>
                <td>{s.email}</td>
                <td className="admin-table__fit">
                  {s.joined}
                  <span className="admin-table__note">on {s.source}</span>
                </td>
                <td className="admin-table__fit">
                  {s.status}
                  {s.since ? <span className="admin-table__note">{s.since}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
