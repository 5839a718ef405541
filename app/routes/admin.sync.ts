import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { getSyncStatus, resetStaffEdits } from "~/models/sync.server";
import { syncShowsAndImages } from "~/services/eventbrite-sync.server";
import { requireStaff } from "~/utils/auth.server";
import { readForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithFlash } from "~/utils/session.server";

/**
 * The ticketing sync as a resource route. POST intent=sync runs it; intent=reset hands a
 * staff-edited show back to the sync. Both answer with a redirect to /admin carrying the
 * outcome, so the button works the same without JavaScript.
 * GET answers the sync status as JSON (the SyncButton loads it when the page didn't).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return json(getSyncStatus(), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const form = await readForm(request, { limits: STAFF_FORM_LIMITS });
  const intent = String(form.get("intent") ?? "sync");

  if (intent === "reset") {
    const id = parseId(form.get("eventId"));
    const title = id ? resetStaffEdits(id, staff) : null;
    return redirectWithFlash(
      request,
      "/admin",
      title
        ? { type: "success", message: `"${title}" will be updated by the next sync` }
        : { type: "error", message: "That show has no staff edits to reset" },
    );
  }
  if (intent !== "sync") throw new Response("Unknown action", { status: 400 });

  const { outcome } = await syncShowsAndImages({ staff, origin: publicOrigin(request) });
  const type = !outcome.ok
    ? "error"
    : outcome.counts.synced === 0 || outcome.seriesFailures.length
      ? "info"
      : "success";
  return redirectWithFlash(request, "/admin", { type, message: outcome.message });
}
