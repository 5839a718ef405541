import { comedianProfileSchema } from "~/lib/comedian-form";
import { saveComedianProfile, SlugTakenError } from "~/models/comedian-profiles.server";
import { scheduleHeadshotVariants } from "~/models/headshots.server";
import { ingestStaffUpload } from "~/models/show-images.server";
import type { StaffIdentity } from "~/models/staff.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { COMEDIAN_FORM_UPLOAD, discardUpload } from "~/utils/multipart.server";
import { redirectWithFlash } from "~/utils/session.server";

/**
 * The create/edit action of a comedian profile, with or without a headshot (multipart): 400 with
 * the errors and values kept, or save and go back to the list. The headshot goes through the
 * posters' pipeline first (a bad file refuses the form with nothing stored; 503 while two images
 * are under way), then the profile and its photo are written in one transaction, then the
 * square files are rendered in the background. The upload's temporary file is deleted whatever
 * the answer.
 */
export async function handleComedianProfile(request: Request, staff: StaffIdentity, id: number | null) {
  const form = await handleForm(request, {
    schema: comedianProfileSchema,
    limits: STAFF_FORM_LIMITS,
    uploads: COMEDIAN_FORM_UPLOAD,
  });
  if (!form.ok) return form.response;
  try {
    const file = form.value.removePhoto ? null : (form.files[0] ?? null);
    const upload = file ? await ingestStaffUpload(file) : null;
    if (upload && !upload.ok)
      return form.error(`Headshot: ${upload.message}`, {
        status: upload.status,
        retryAfterSeconds: upload.status === 503 ? 60 : undefined,
      });
    let row;
    try {
      row = saveComedianProfile(id, form.value, staff, undefined, upload ? { hash: upload.hash } : null);
    } catch (error) {
      if (error instanceof SlugTakenError) return form.error(error.message, { field: "slug" });
      logger().error({ err: error, id }, "save comedian failed");
      return form.error("Failed to save the comedian", { status: 500 });
    }
    if (!row)
      return redirectWithFlash(request, "/admin/comedians", { type: "error", message: "Comedian not found" });
    scheduleHeadshotVariants(row);
    return redirectWithFlash(request, "/admin/comedians", {
      type: "success",
      message: form.value.removePhoto
        ? `Saved comedian: ${row.name} (photo removed)`
        : `Saved comedian: ${row.name}`,
    });
  } finally {
    for (const file of form.files) discardUpload(file);
  }
}
