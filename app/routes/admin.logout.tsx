import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { handleLogout } from "~/features/staff/logout.server";

/** POST: ends the session everywhere (the row is deleted) and returns to the home page. */
export async function action({ request }: ActionFunctionArgs) {
  return handleLogout(request);
}

export async function loader() {
  return redirect("/");
}
