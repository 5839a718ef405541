import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { comedianProfileSchema } from "~/lib/comedian-form";
import { saveComedianProfile, SlugTakenError } from "~/models/comedian-profiles.server";
import type { StaffIdentity } from "~/models/staff.server";
import { readForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { redirectWithFlash } from "~/utils/session.server";

/** The create/edit action of a comedian profile: 400 with the errors and values kept, or save and go back to the list. */
export async function handleComedianProfile(request: Request, staff: StaffIdentity, id: number | null) {
  const formData = await readForm(request, { limits: STAFF_FORM_LIMITS });
  const submission = parseWithZod(formData, { schema: comedianProfileSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }
  let row;
  try {
    row = saveComedianProfile(id, submission.value, staff);
  } catch (error) {
    if (error instanceof SlugTakenError)
      return json({ result: submission.reply({ fieldErrors: { slug: [error.message] } }) }, { status: 400 });
    logger().error({ err: error, id }, "save comedian failed");
    return json(
      { result: submission.reply({ formErrors: ["Failed to save the comedian"] }) },
      { status: 500 },
    );
  }
  if (!row)
    return redirectWithFlash(request, "/admin/comedians", { type: "error", message: "Comedian not found" });
  return redirectWithFlash(request, "/admin/comedians", {
    type: "success",
    message: `Saved comedian: ${row.name}`,
  });
}
