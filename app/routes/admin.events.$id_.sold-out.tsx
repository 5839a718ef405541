import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { notFoundMessage } from "~/lib/admin-messages";
import { todayIn } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { setSoldOut } from "~/models/events-admin.server";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { readForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithFlash } from "~/utils/session.server";

/** POST soldOut=true|false: the dashboard's sold-out toggle. */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const soldOut = String((await readForm(request, { limits: STAFF_FORM_LIMITS })).get("soldOut")) === "true";
  let outcome;
  try {
    outcome = setSoldOut(parseId(params.id), soldOut, staff, undefined, {
      origin: publicOrigin(request),
      today: todayIn(getEnv().APP_TIMEZONE),
    });
  } catch (error) {
    logger().error({ err: error, id: params.id }, "sold-out toggle failed");
    outcome = "failed" as const;
  }
  if (outcome === "not-found")
    return redirectWithFlash(request, "/admin", { type: "error", message: notFoundMessage(params.id) });
  if (outcome !== "ok")
    return redirectWithFlash(request, "/admin", {
      type: "error",
      message: "Failed to update sold out status",
    });
  return redirectWithFlash(request, "/admin", {
    type: "success",
    message: soldOut ? "Event marked as sold out" : "Event marked as available",
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return redirect("/admin");
}
