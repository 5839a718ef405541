import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ComedianList, ConfirmDeletePanel, DELETE_NOTE, StatusBanner } from "~/components/comedian-admin";
import { handleComedianPost, loadStaffComedians } from "~/features/comedians/comedian-actions.server";
import styles from "~/styles/comedians.css";
import { requireStaff } from "~/utils/auth.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [
  { title: "Test delete | Laugh Windsor" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadStaffComedians(request);
}

/** The same delete as /manage-comedians (one server function), behind the same staff check. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  return handleComedianPost(request, staff, "/test-delete");
}

export default function TestDelete() {
  const { comedians } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="section container comedians">
      <header className="comedians__head">
        <h1>Test delete</h1>
        <Link to="/manage-comedians" className="button button--outline button--small">
          Manage comedians
        </Link>
      </header>
      <p>
        A developer page for checking deletes. It needs a staff login and nothing else: the database enforces
        its own rules, there is no row-level security to switch off.
      </p>
      <StatusBanner />
      {actionData && "confirm" in actionData ? (
        <ConfirmDeletePanel confirm={actionData.confirm} cancelTo="/test-delete" />
      ) : null}
      <p className="comedians__note">{DELETE_NOTE}</p>
      <ComedianList comedians={comedians} />
    </section>
  );
}
