import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { handleArchive } from "~/features/events/show-status.server";
import { ARCHIVE_QUESTION, notFoundMessage } from "~/lib/admin-messages";
import { formatLongDate, formatTime12 } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { getShow } from "~/models/events.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { redirectWithFlash } from "~/utils/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Archive event" }, { name: "robots", content: "noindex" }];

/** The confirmation page (without JavaScript; the dashboard opens a dialog instead). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const show = getShow(parseId(params.id));
  if (!show)
    throw await redirectWithFlash(request, "/admin", { type: "error", message: notFoundMessage(params.id) });
  if (show.archivedAt) {
    throw await redirectWithFlash(request, "/admin?view=archive", {
      type: "info",
      message: "This event is already archived",
    });
  }
  return json({
    show: { id: show.id, title: show.title, date: show.date, time: show.time, venue: show.venue },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  return handleArchive(request, staff, params.id);
}

export default function ArchiveEvent() {
  const { show } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section className="section container admin">
      <div className="panel admin-confirm">
        <h1>Archive event</h1>
        <p>
          <strong>{show.title}</strong>
          <br />
          {formatLongDate(show.date)} at {formatTime12(show.time)} · {show.venue}
        </p>
        <p>{ARCHIVE_QUESTION}</p>
        <Form method="post" className="admin-confirm__actions">
          <button
            type="submit"
            className="button button--danger"
            disabled={navigation.state === "submitting"}
          >
            {navigation.state === "submitting" ? "Archiving..." : "Archive"}
          </button>
          <Link to="/admin" className="button button--outline">
            Cancel
          </Link>
        </Form>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
