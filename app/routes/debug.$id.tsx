import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EventOverview } from "~/components/shows/event-overview";
import { parseId } from "~/lib/ids";
import { renderDescription } from "~/lib/sanitize";
import { getShow } from "~/models/events.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { logger } from "~/utils/logger.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Debug: show" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  try {
    const show = getShow(parseId(params.id));
    if (!show)
      return json(
        { ok: false as const, id: params.id, error: `Event with ID ${params.id} not found` },
        { status: 404 },
      );
    return json({ ok: true as const, show, rendered: renderDescription(show.description) });
  } catch (error) {
    logger().error({ err: error, id: params.id }, "debug load failed");
    return json({ ok: false as const, id: params.id, error: (error as Error).message }, { status: 500 });
  }
}

export default function DebugShow() {
  const data = useLoaderData<typeof loader>();
  if (!data.ok) {
    return (
      <section className="section container admin">
        <p>
          <Link to="/debug">← All shows</Link>
        </p>
        <h1>Debug: show {data.id}</h1>
        <p className="form-error" role="alert">
          Failed to load event data: {data.error}
        </p>
      </section>
    );
  }
  const { show, rendered } = data;
  return (
    <section className="section container admin debug">
      <p>
        <Link to="/debug">← All shows</Link>
      </p>
      <h1>Debug: {show.title}</h1>
      <p>
        <Link to={`/event/${show.id}`}>Open the public page</Link>
      </p>
      <h2>Raw title</h2>
      <pre className="debug__raw" data-testid="raw-title">
        {show.title}
      </pre>
      <h2>Raw summary</h2>
      <pre className="debug__raw" data-testid="raw-summary">
        {show.summary ?? "(none)"}
      </pre>
      <h2>Raw description</h2>
      <pre className="debug__raw" data-testid="raw-description">
        {show.description || "(empty)"}
      </pre>
      <h2>Description as rendered on the public page</h2>
      {/* The same server-side sanitizing and component as the public event page. */}
      <div className="debug__rendered panel" data-testid="rendered-description">
        <EventOverview description={rendered} />
      </div>
      <h2>Whole show (JSON)</h2>
      <pre className="debug__json" data-testid="show-json">
        {JSON.stringify(show, null, 2)}
      </pre>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
