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
import { eventFormSchema } from "~/lib/event-form";
import { createShow, listCollections } from "~/models/events-admin.server";
import { comedianChoices, LineupError } from "~/models/lineups.server";
import { applyFormImage, imageFromForm, imageWarning } from "~/models/show-images.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { readEventForm } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { requireSameOrigin } from "~/utils/request-guards.server";
import { redirectWithFlash } from "~/utils/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Add New Event" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return json({ collections: listCollections(), comedians: comedianChoices() });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const staff = await requireStaff(request);
  const body = await readEventForm(request);
  if (!body.ok) return body.refused;
  const { formData, poster } = body;
  if (formData.get("intent") === "load-url") return json(await loadDetailsFromUrl(formData));

  const submission = parseWithZod(formData, { schema: eventFormSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }
  const image = await imageFromForm({
    poster: poster?.bytes ?? null,
    imageUrl: submission.value.imageUrl,
    current: null,
  });
  if (image.kind === "rejected") {
    return json({ result: submission.reply({ formErrors: [`Poster: ${image.message}`] }) }, { status: 400 });
  }
  const values = image.kind === "set" ? { ...submission.value, imageUrl: image.imageUrl } : submission.value;
  let id: number;
  try {
    id = createShow(values, staff, getEnv().APP_TIMEZONE);
  } catch (error) {
    if (error instanceof LineupError)
      return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: 400 });
    logger().error({ err: error }, "create event failed");
    return json({ result: submission.reply({ formErrors: ["Failed to create event"] }) }, { status: 500 });
  }
  applyFormImage(id, image, submission.value.imageFocus);
  const warning = imageWarning(image);
  if (warning)
    return redirectWithFlash(request, "/admin", { type: "error", message: `Event created, but: ${warning}` });
  return redirectWithFlash(request, "/admin", { type: "success", message: "Event created successfully" });
}

export default function NewEvent() {
  const { collections, comedians } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const loaded = data && "loaded" in data ? data.loaded : null;
  const result = data && "result" in data ? data.result : null;
  return (
    <section className="section container admin">
      <p>
        <Link to="/admin">← Back to dashboard</Link>
      </p>
      <h1>Add New Event</h1>
      <InlineOutcome
        flash={loaded ? { type: loaded.ok ? "success" : "error", message: loaded.message } : null}
        stamp={loaded?.stamp}
      />
      <LoadFromUrlForm defaultUrl={loaded?.url} />
      <EventForm
        key={loaded ? `loaded-${loaded.stamp}` : "event-form"}
        mode="create"
        defaultValue={loaded ? loaded.defaults : {}}
        lastResult={loaded ? null : result}
        collections={collections}
        comedians={comedians}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
