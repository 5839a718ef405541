import { parseWithZod } from "@conform-to/zod/v4";
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
import { loadDetailsFromUrl } from "~/features/events/event-lookup-action.server";
import { formatLongDate, formatTime12 } from "~/lib/dates";
import { eventFormSchema, showToFormDefaults } from "~/lib/event-form";
import { parseId } from "~/lib/ids";
import { formatInZone } from "~/lib/zoned-time";
import { getShowForEdit, listCollections, updateShow } from "~/models/events-admin.server";
import { comedianChoices, LineupError } from "~/models/lineups.server";
import { applyFormImage, getShowImageState, imageFromForm, imageWarning } from "~/models/show-images.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { readEventForm } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { requireSameOrigin } from "~/utils/request-guards.server";
import { redirectWithFlash } from "~/utils/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Edit event" }, { name: "robots", content: "noindex" }];

const ARCHIVED_READ_ONLY = "This event is archived and cannot be edited.";

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
  return json({
    show,
    defaults: { ...showToFormDefaults(show, zone), imageFocus: getShowImageState(id)?.imageFocus ?? "" },
    archivedOn: show.archivedAt ? formatInZone(new Date(show.archivedAt), "MMM d, yyyy h:mm a", zone) : null,
    collections: listCollections(),
    comedians: comedianChoices(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const staff = await requireStaff(request);
  const id = parseId(params.id);
  const body = await readEventForm(request);
  if (!body.ok) return body.refused;
  const { formData, poster } = body;
  if (formData.get("intent") === "load-url") return json(await loadDetailsFromUrl(formData));

  const submission = parseWithZod(formData, { schema: eventFormSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }
  const current = getShowImageState(id);
  if (current && getShowForEdit(id)?.archivedAt) {
    return redirectWithFlash(request, `/admin/events/${id}`, { type: "error", message: ARCHIVED_READ_ONLY });
  }
  const image = await imageFromForm({
    poster: poster?.bytes ?? null,
    imageUrl: submission.value.imageUrl,
    current,
  });
  if (image.kind === "rejected") {
    return json({ result: submission.reply({ formErrors: [`Poster: ${image.message}`] }) }, { status: 400 });
  }
  const values = image.kind === "set" ? { ...submission.value, imageUrl: image.imageUrl } : submission.value;
  let outcome;
  try {
    outcome = updateShow(id, values, staff, getEnv().APP_TIMEZONE);
  } catch (error) {
    if (error instanceof LineupError)
      return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: 400 });
    logger().error({ err: error, id }, "update event failed");
    return json({ result: submission.reply({ formErrors: ["Failed to update event"] }) }, { status: 500 });
  }
  if (outcome === "not-found") {
    return redirectWithFlash(request, "/admin", {
      type: "error",
      message: `Event with ID ${params.id} not found`,
    });
  }
  if (outcome === "archived") {
    return redirectWithFlash(request, `/admin/events/${id}`, { type: "error", message: ARCHIVED_READ_ONLY });
  }
  applyFormImage(id, image, submission.value.imageFocus);
  const warning = imageWarning(image);
  if (warning)
    return redirectWithFlash(request, "/admin", { type: "error", message: `Event updated, but: ${warning}` });
  return redirectWithFlash(request, "/admin", { type: "success", message: "Event updated successfully" });
}

export default function EditEvent() {
  const { show, defaults, archivedOn, collections, comedians } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const loaded = data && "loaded" in data ? data.loaded : null;
  const result = data && "result" in data ? data.result : null;

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
        image={show.image}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
