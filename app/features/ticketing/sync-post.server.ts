import { z } from "zod";
import { parseId } from "~/lib/ids";
import type { StaffIdentity } from "~/models/staff.server";
import { resetStaffEdits } from "~/models/sync.server";
import { syncShowsAndImages } from "~/services/eventbrite-sync.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithFlash } from "~/utils/session.server";

/** The dashboard's Sync button (intent "sync", or none) and a show's "hand back to the sync". */
const syncPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sync").optional() }),
  z.object({ intent: z.literal("reset"), eventId: z.string() }),
]);

/**
 * POST /admin/sync: run the ticketing sync now, or hand a staff-edited show back to it. Both
 * answer with a redirect to /admin carrying the outcome, so the button works without JavaScript.
 */
export async function handleSyncPost(request: Request, staff: StaffIdentity) {
  const form = await handleForm(request, { schema: syncPostSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  if (form.value.intent === "reset") {
    const id = parseId(form.value.eventId);
    const title = id ? resetStaffEdits(id, staff) : null;
    return redirectWithFlash(
      request,
      "/admin",
      title
        ? { type: "success", message: `"${title}" will be updated by the next sync` }
        : { type: "error", message: "That show has no staff edits to reset" },
    );
  }
  const { outcome } = await syncShowsAndImages({ staff, origin: publicOrigin(request) });
  const type = !outcome.ok
    ? "error"
    : outcome.counts.synced === 0 || outcome.seriesFailures.length
      ? "info"
      : "success";
  return redirectWithFlash(request, "/admin", { type, message: outcome.message });
}
