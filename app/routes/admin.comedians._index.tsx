import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { comedianPath } from "~/lib/lineup";
import { comediansIndex } from "~/models/comedian-pages.server";
import { publicContext } from "~/models/public-shows.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [
  { title: "Comedian profiles" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const comedians = comediansIndex(publicContext().today).sort((a, b) => a.name.localeCompare(b.name));
  return json({ comedians });
}

export default function AdminComedians() {
  const { comedians } = useLoaderData<typeof loader>();
  return (
    <section className="section container admin">
      <p>
        <Link to="/admin">← Back to dashboard</Link>
      </p>
      <h1>Comedian profiles</h1>
      <p>
        <Link to="/admin/comedians/new" className="button button--primary button--small">
          Add a comedian
        </Link>{" "}
        <Link to="/manage-comedians">Quick add and delete</Link>
      </p>
      {comedians.length === 0 ? <p className="muted">No comedians yet.</p> : null}
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Page</th>
            <th scope="col">Next show</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {comedians.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td>
                <Link to={comedianPath(c)}>{comedianPath(c)}</Link>
              </td>
              <td>{c.nextDate ?? "—"}</td>
              <td>
                <Link to={`/admin/comedians/${c.id}`}>
                  Edit<span className="visually-hidden"> {c.name}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
