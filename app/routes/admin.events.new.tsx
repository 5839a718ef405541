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
import { listCollections } from "~/models/events-admin.server";
import { comedianChoices } from "~/models/lineups.server";
import { venueChoices } from "~/models/venues.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Add New Event" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return json({ collections: listCollections(), comedians: comedianChoices(), venues: venueChoices() });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  return handleShowForm(request, staff, null);
}

export default function NewEvent() {
  const { collections, comedians, venues } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const loaded = data && "loaded" in data ? data.loaded : null;
  const result = data && !("loaded" in data) ? data : null;
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
        venues={venues}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
