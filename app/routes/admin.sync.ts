import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { handleSyncPost } from "~/features/ticketing/sync-post.server";
import { getSyncStatus } from "~/models/sync.server";
import { requireStaff } from "~/utils/auth.server";

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
  return handleSyncPost(request, await requireStaff(request));
}
