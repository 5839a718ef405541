import { z } from "zod";
import { notFoundMessage } from "~/lib/admin-messages";
import { todayIn } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { archiveShow, setSoldOut } from "~/models/events-admin.server";
import type { StaffIdentity } from "~/models/staff.server";
import { getEnv } from "~/utils/env.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithFlash } from "~/utils/session.server";

/** The dashboard's sold-out toggle: one button posting soldOut=true or false. */
const soldOutSchema = z.object({ soldOut: z.enum(["true", "false"]) });

/** The archive confirmation (a dialog on the dashboard, a page without JavaScript): a button, no fields. */
const archiveSchema = z.object({});

/** POST /admin/events/{id}/sold-out: the spec's messages; sold out → available tells the waitlist. */
export async function handleSoldOut(request: Request, staff: StaffIdentity, idParam: string | undefined) {
  const form = await handleForm(request, { schema: soldOutSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  const soldOut = form.value.soldOut === "true";
  let outcome;
  try {
    outcome = setSoldOut(parseId(idParam), soldOut, staff, undefined, {
      origin: publicOrigin(request),
      today: todayIn(getEnv().APP_TIMEZONE),
    });
  } catch (error) {
    logger().error({ err: error, id: idParam }, "sold-out toggle failed");
    outcome = "failed" as const;
  }
  if (outcome === "not-found")
    return redirectWithFlash(request, "/admin", { type: "error", message: notFoundMessage(idParam) });
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

/** POST /admin/events/{id}/archive: archives once; an archived show stays archived. */
export async function handleArchive(request: Request, staff: StaffIdentity, idParam: string | undefined) {
  const form = await handleForm(request, { schema: archiveSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  let outcome;
  try {
    outcome = archiveShow(parseId(idParam), staff);
  } catch (error) {
    logger().error({ err: error, id: idParam }, "archive failed");
    return redirectWithFlash(request, "/admin", { type: "error", message: "Failed to archive event" });
  }
  if (outcome === "not-found")
    return redirectWithFlash(request, "/admin", { type: "error", message: notFoundMessage(idParam) });
  if (outcome === "archived") {
    return redirectWithFlash(request, "/admin?view=archive", {
      type: "info",
      message: "This event is already archived",
    });
  }
  return redirectWithFlash(request, "/admin", { type: "success", message: "Event archived successfully" });
}
