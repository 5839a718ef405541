import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EventForm, LoadFromUrlForm } from "~/components/admin/event-form";
import { InlineOutcome } from "~/components/admin/inline-outcome";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { handleShowForm } from "~/features/events/show-form.server";
import { ARCHIVED_READ_ONLY } from "~/lib/admin-messages";
import { formatLongDate, formatTime12 } from "~/lib/dates";
import { showToFormDefaults } from "~/lib/event-form";
import { parseId } from "~/lib/ids";
import { formatInZone } from "~/lib/zoned-time";
import { getShowForEdit, listCollections } from "~/models/events-admin.server";
import { comedianChoices } from "~/models/lineups.server";
import { getShowImageState } from "~/models/show-images.server";
import { venueChoices } from "~/models/venues.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { redirectWithFlash } from "~/utils/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Edit event" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const id = parseId(params.id);
  const show = getShowForEdit(id);
  if (!show) {
    throw await redirectWithFlash(request, "/admin", {
      type: "error",
      message: `Event with ID ${params.id} not found`,
    });
  }
  const zone = getEnv().APP_TIMEZONE;
  const venues = venueChoices();
  return json({
    show,
    defaults: {
      ...showToFormDefaults(show, zone, venues),
      imageFocus: getShowImageState(id)?.imageFocus ?? "",
    },
    archivedOn: show.archivedAt ? formatInZone(new Date(show.archivedAt), "MMM d, yyyy h:mm a", zone) : null,
    collections: listCollections(),
    comedians: comedianChoices(),
    venues,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  return handleShowForm(request, staff, params.id ?? "");
}

export default function EditEvent() {
  const { show, defaults, archivedOn, collections, comedians, venues } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const loaded = data && "loaded" in data ? data.loaded : null;
  const result = data && !("loaded" in data) ? data : null;

  if (show.archivedAt) {
    return (
      <section className="section container admin">
        <p>
          <Link to="/admin?view=archive">← Back to the archive</Link>
        </p>
        <h1>{show.title}</h1>
        <p className="form-error" role="note">
          {ARCHIVED_READ_ONLY} It was archived on {archivedOn}.
        </p>
        <dl className="admin-details">
          <dt>Date</dt>
          <dd>
            {formatLongDate(show.date)} at {formatTime12(show.time)}
          </dd>
          <dt>Venue</dt>
          <dd>{show.venue}</dd>
          <dt>Price</dt>
          <dd>{show.price ?? "TBA"}</dd>
          {show.dates.length ? (
            <>
              <dt>Recurring dates</dt>
              <dd>{show.dates.map((d) => formatLongDate(d.date)).join("; ")}</dd>
            </>
          ) : null}
        </dl>
      </section>
    );
  }

  return (
    <section className="section container admin">
      <p>
        <Link to="/admin">← Back to dashboard</Link>
      </p>
      <h1>Edit event</h1>
      <p className="muted">
        {show.title} · {show.isEventbrite ? "Ticketing platform" : "Manual"}
      </p>
      <InlineOutcome
        flash={loaded ? { type: loaded.ok ? "success" : "error", message: loaded.message } : null}
        stamp={loaded?.stamp}
      />
      <LoadFromUrlForm defaultUrl={loaded?.url} />
      <EventForm
        key={loaded ? `loaded-${loaded.stamp}` : `event-${show.id}`}
        mode="edit"
        defaultValue={loaded ? { ...defaults, ...loaded.defaults } : defaults}
        lastResult={loaded ? null : result}
        collections={collections}
        comedians={comedians}
        venues={venues}
        image={show.image}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
