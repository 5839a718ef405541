import { comedianProfileSchema } from "~/lib/comedian-form";
import { saveComedianProfile, SlugTakenError } from "~/models/comedian-profiles.server";
import type { StaffIdentity } from "~/models/staff.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { redirectWithFlash } from "~/utils/session.server";

/** The create/edit action of a comedian profile: 400 with the errors and values kept, or save and go back to the list. */
export async function handleComedianProfile(request: Request, staff: StaffIdentity, id: number | null) {
  const form = await handleForm(request, { schema: comedianProfileSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  let row;
  try {
    row = saveComedianProfile(id, form.value, staff);
  } catch (error) {
    if (error instanceof SlugTakenError) return form.error(error.message, { field: "slug" });
    logger().error({ err: error, id }, "save comedian failed");
    return form.error("Failed to save the comedian", { status: 500 });
  }
  if (!row)
    return redirectWithFlash(request, "/admin/comedians", { type: "error", message: "Comedian not found" });
  return redirectWithFlash(request, "/admin/comedians", {
    type: "success",
    message: `Saved comedian: ${row.name}`,
  });
}
