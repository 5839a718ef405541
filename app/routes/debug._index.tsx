import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useBusinessToday } from "~/components/business-zone";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import { listShows } from "~/models/events.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Debug: shows" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const shows = listShows({ archived: "include" }).map((s) => ({
    id: s.id,
    title: s.title,
    date: s.date,
    time: s.time,
    archived: Boolean(s.archivedAt),
  }));
  return json({ shows });
}

export default function DebugIndex() {
  const { shows } = useLoaderData<typeof loader>();
  const today = useBusinessToday();
  return (
    <section className="section container admin">
      <p>
        <Link to="/admin">← Back to dashboard</Link>
      </p>
      <h1>Debug: pick a show</h1>
      <ul className="debug-list">
        {shows.map((s) => (
          <li key={s.id}>
            <Link to={`/debug/${s.id}`}>
              #{s.id} {s.title}
            </Link>{" "}
            <span className="muted">
              {formatCardDate(s.date, today)} · {formatTime12(s.time)}
              {s.archived ? " · archived" : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
