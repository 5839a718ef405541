import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SyncButton } from "~/components/admin/sync-button";
import { getSyncStatus } from "~/models/sync.server";
import { requireStaff } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Admin dashboard" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  return json({ staff, sync: getSyncStatus() });
}

export default function AdminDashboard() {
  const { staff, sync } = useLoaderData<typeof loader>();
  return (
    <section className="section container">
      <h1>Admin dashboard</h1>
      <p>Signed in as {staff.username}.</p>
      <SyncButton status={sync} />
      <Form method="post" action="/admin/logout">
        <button type="submit" className="button button--dark">Logout</button>
      </Form>
    </section>
  );
}
