import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { ComedianProfileForm } from "~/components/admin/comedian-profile-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { handleComedianProfile } from "~/features/comedians/comedian-profile-action.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Add a comedian" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  return handleComedianProfile(request, staff, null);
}

export default function NewComedian() {
  const data = useActionData<typeof action>();
  return (
    <section className="section container admin">
      <p>
        <Link to="/admin/comedians">← Comedian profiles</Link>
      </p>
      <h1>Add a comedian</h1>
      <ComedianProfileForm mode="create" defaultValue={{}} lastResult={data ?? null} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
