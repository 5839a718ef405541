import { json } from "@remix-run/node";
import { ARCHIVED_READ_ONLY, notFoundMessage } from "~/lib/admin-messages";
import { eventPageSchema, type EventFormValues } from "~/lib/event-form";
import { parseId } from "~/lib/ids";
import { createShow, getShowForEdit, updateShow } from "~/models/events-admin.server";
import { LineupError } from "~/models/lineups.server";
import { applyFormImage, getShowImageState } from "~/models/show-images.server";
import type { StaffIdentity } from "~/models/staff.server";
import { VenueGoneError } from "~/models/venues.server";
import { getEnv } from "~/utils/env.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { discardUpload, EVENT_FORM_UPLOAD } from "~/utils/multipart.server";
import { redirectWithFlash } from "~/utils/session.server";
import { loadDetailsFromUrl } from "./event-lookup-action.server";
import { imageFromForm, imageWarning } from "./show-image.server";

/**
 * The action of Add New Event (`idParam` null) and Edit (the URL's id): the event form, with or without a
 * poster (multipart), or "Load details from URL". One workflow saves a show with its poster:
 * the image is read (an upload) or fetched (a new link) first, a bad upload refuses the form
 * with nothing stored (400; 503 with Retry-After while two posters are under way, issue 38),
 * then the show is written in one transaction, then its image recorded and its variants
 * rendered in the background. The upload's temporary file is deleted whatever the answer.
 */
export async function handleShowForm(request: Request, staff: StaffIdentity, idParam: string | null) {
  const form = await handleForm(request, {
    schema: eventPageSchema,
    limits: STAFF_FORM_LIMITS,
    uploads: EVENT_FORM_UPLOAD,
  });
  if (!form.ok) return form.response;
  const value = form.value;
  try {
    if ("intent" in value) return json(await loadDetailsFromUrl(value.sourceUrl ?? ""));
    return await saveShow(request, staff, idParam, { ...form, value });
  } finally {
    // The poster's temporary file (issue 38), whatever the answer: saved, refused or not looked at.
    for (const file of form.files) discardUpload(file);
  }
}

type SavedForm = {
  value: EventFormValues;
  files: { path: string }[];
  error: (
    message: string,
    options?: { status?: number; field?: string; retryAfterSeconds?: number },
  ) => Response;
};

async function saveShow(request: Request, staff: StaffIdentity, idParam: string | null, form: SavedForm) {
  const id = idParam === null ? null : parseId(idParam);
  const verb = id === null ? "created" : "updated";
  const current = id === null ? null : getShowImageState(id);
  if (id !== null && current && getShowForEdit(id)?.archivedAt) {
    return redirectWithFlash(request, `/admin/events/${id}`, { type: "error", message: ARCHIVED_READ_ONLY });
  }
  const image = await imageFromForm({
    poster: form.files[0] ?? null,
    imageUrl: form.value.imageUrl,
    current,
  });
  // 503 (issue 38): posters are being processed; nothing is stored, staff send it again.
  if (image.kind === "rejected")
    return form.error(`Poster: ${image.message}`, {
      status: image.status,
      retryAfterSeconds: image.status === 503 ? 60 : undefined,
    });
  const values = image.kind === "set" ? { ...form.value, imageUrl: image.imageUrl } : form.value;
  const zone = getEnv().APP_TIMEZONE;
  let showId: number;
  try {
    if (id === null) showId = createShow(values, staff, zone);
    else {
      const outcome = updateShow(id, values, staff, zone);
      if (outcome === "not-found")
        return redirectWithFlash(request, "/admin", { type: "error", message: notFoundMessage(idParam!) });
      if (outcome === "archived")
        return redirectWithFlash(request, `/admin/events/${id}`, {
          type: "error",
          message: ARCHIVED_READ_ONLY,
        });
      showId = id;
    }
  } catch (error) {
    if (error instanceof LineupError) return form.error(error.message);
    if (error instanceof VenueGoneError) return form.error(error.message, { field: "venueId" });
    logger().error({ err: error, id }, `${id === null ? "create" : "update"} event failed`);
    return form.error(id === null ? "Failed to create event" : "Failed to update event", { status: 500 });
  }
  applyFormImage(showId, image, form.value.imageFocus);
  const warning = imageWarning(image);
  if (warning)
    return redirectWithFlash(request, "/admin", { type: "error", message: `Event ${verb}, but: ${warning}` });
  return redirectWithFlash(request, "/admin", { type: "success", message: `Event ${verb} successfully` });
}
