import { venueFormSchema } from "~/lib/forms/venue";
import type { StaffIdentity } from "~/models/staff.server";
import { updateVenue } from "~/models/venues.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { redirectWithFlash } from "~/utils/session.server";

/** POST /admin/venues/{id}: 400 with every message and the values kept, nothing stored, when a field is wrong. */
export async function handleVenueForm(request: Request, staff: StaffIdentity, id: number) {
  const form = await handleForm(request, { schema: venueFormSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  const saved = updateVenue(id, form.value, staff);
  if (!saved) throw new Response("Not Found", { status: 404 });
  return redirectWithFlash(request, "/admin/venues", {
    type: "success",
    message: `Venue "${saved.name}" saved`,
  });
}
