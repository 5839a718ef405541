import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { handleSoldOut } from "~/features/events/show-status.server";
import { requireStaff } from "~/utils/auth.server";

/** POST soldOut=true|false: the dashboard's sold-out toggle. */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  return handleSoldOut(request, staff, params.id);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return redirect("/admin");
}
