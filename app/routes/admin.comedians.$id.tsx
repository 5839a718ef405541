import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ComedianProfileForm } from "~/components/admin/comedian-profile-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { handleComedianProfile } from "~/features/comedians/comedian-profile-action.server";
import { comedianToFormDefaults } from "~/lib/comedian-form";
import { parseId } from "~/lib/ids";
import { comedianPath } from "~/lib/lineup";
import { getComedian } from "~/models/comedians.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { redirectWithFlash } from "~/utils/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Edit comedian" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const comedian = getComedian(parseId(params.id));
  if (!comedian)
    throw await redirectWithFlash(request, "/admin/comedians", {
      type: "error",
      message: "Comedian not found",
    });
  return json({
    id: comedian.id,
    name: comedian.name,
    slug: comedian.slug,
    defaults: comedianToFormDefaults(comedian),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  return handleComedianProfile(request, staff, parseId(params.id));
}

export default function EditComedian() {
  const { id, name, slug, defaults } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <section className="section container admin">
      <p>
        <Link to="/admin/comedians">← Comedian profiles</Link>
      </p>
      <h1>Edit {name}</h1>
      {slug ? (
        <p>
          <Link to={comedianPath({ slug })}>View the public page</Link>
        </p>
      ) : null}
      <ComedianProfileForm key={id} mode="edit" defaultValue={defaults} lastResult={data ?? null} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
