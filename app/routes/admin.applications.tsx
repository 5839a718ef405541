import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { formatInZone } from "~/lib/zoned-time";
import { listApplications, listApplicationShows } from "~/models/submissions.server";
import contentStyles from "~/styles/content.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [
  { title: "Contestant applications" },
  { name: "robots", content: "noindex" },
];

/** Shows taking applications; ?event=ID lists that show's applications. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const zone = getEnv().APP_TIMEZONE;
  const shows = listApplicationShows();
  const selectedId = parseId(new URL(request.url).searchParams.get("event")) || shows[0]?.id || null;
  const selected = shows.find((s) => s.id === selectedId) ?? null;
  const applications = selected
    ? listApplications(selected.id).map((a) => ({
        ...a,
        submitted: formatInZone(a.createdAt, "yyyy-MM-dd h:mm a", zone),
      }))
    : [];
  return json({ shows, selected, applications });
}

const yesNo = (v: boolean | null) => (v === null ? "—" : v ? "Yes" : "No");

export default function AdminApplications() {
  const { shows, selected, applications } = useLoaderData<typeof loader>();
  return (
    <section className="section container admin-inbox">
      <p>
        <Link to="/admin">← Admin dashboard</Link>
      </p>
      <h1>Contestant applications</h1>
      {shows.length === 0 ? <p>No show takes applications.</p> : null}
      <nav aria-label="Shows taking applications">
        <ul className="inline-list">
          {shows.map((s) => (
            <li key={s.id}>
              <Link to={`?event=${s.id}`} aria-current={s.id === selected?.id ? "page" : undefined}>
                {s.title} ({formatLongDate(s.date)}): {s.applications}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {selected ? (
        <>
          <h2>{selected.title}</h2>
          <p>
            <a
              href={`/admin/applications.csv?event=${selected.id}`}
              className="button button--dark button--small"
              download
            >
              Export CSV
            </a>{" "}
            <Link
              to={`/admin/applications/${selected.id}/review`}
              className="button button--primary button--small"
            >
              Review and shortlist
            </Link>
          </p>
          {applications.length === 0 ? (
            <p>No applications yet.</p>
          ) : (
            <div className="admin-table__scroll">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Mobile</th>
                    <th scope="col">Of age</th>
                    <th scope="col">Can attend</th>
                    <th scope="col">Attends anyway</th>
                    <th scope="col">Fun bio</th>
                    <th scope="col">Submitted</th>
                  </tr>
                </thead>
                <tbody>
                  {applications.map((a) => (
                    <tr key={a.id}>
                      <td>{a.fullName}</td>
                      <td>{a.email}</td>
                      <td className="admin-table__fit">{a.mobileNumber}</td>
                      <td className="admin-table__fit">{yesNo(a.isOver19)}</td>
                      <td className="admin-table__fit">{yesNo(a.canAttendEvent)}</td>
                      <td className="admin-table__fit">{yesNo(a.willAttendIfNotSelected)}</td>
                      <td>{a.funBio}</td>
                      <td className="admin-table__fit">{a.submitted}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
