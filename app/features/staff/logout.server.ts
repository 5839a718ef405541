import { redirect } from "@remix-run/node";
import { z } from "zod";
import { handleForm } from "~/utils/form-pipeline.server";
import { destroySession, getSession } from "~/utils/session.server";

/** POST /admin/logout: ends the session everywhere (its row is deleted) and returns to the home page. */
export async function handleLogout(request: Request) {
  const form = await handleForm(request, { schema: z.object({}) });
  if (!form.ok) return form.response;
  const session = await getSession(request);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(session) } });
}
