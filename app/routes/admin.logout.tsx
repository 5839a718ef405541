import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroySession, getSession } from "~/utils/session.server";

/** POST: ends the session everywhere (the row is deleted) and returns to the home page. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(session) } });
}

export async function loader() {
  return redirect("/");
}
