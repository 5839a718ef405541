import { json } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { comedianSchema } from "~/lib/vote-schema";
import {
  addComedian,
  countVotesFor,
  deleteComedian,
  getComedian,
  listComediansWithVotes,
} from "~/models/comedians.server";
import type { StaffIdentity } from "~/models/staff.server";
import { requireStaff } from "~/utils/auth.server";
import { logger } from "~/utils/logger.server";
import { duplicatedField } from "~/utils/request-guards.server";
import { redirectWithFlash } from "~/utils/session.server";

/** Add comedian: 400 with the errors and values kept, or store then redirect with the spec's toast. */
/** The loader of /manage-comedians and /test-delete: staff only, comedians with their votes. */
export async function loadStaffComedians(request: Request) {
  await requireStaff(request);
  return json({ comedians: listComediansWithVotes() });
}

export async function handleAddComedian(
  request: Request,
  staff: StaffIdentity,
  form: FormData,
  backTo: string,
) {
  const values = { name: String(form.get("name") ?? ""), bio: String(form.get("bio") ?? "") };
  const twice = duplicatedField(form, ["name", "bio"]);
  if (twice)
    return json(
      { intent: "add" as const, fieldErrors: { [twice]: "Please send the form again" }, values },
      { status: 400 },
    );
  const parsed = comedianSchema.safeParse({ name: form.get("name") ?? "", bio: form.get("bio") ?? "" });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return json({ intent: "add" as const, fieldErrors, values }, { status: 400 });
  }
  try {
    const row = addComedian(parsed.data, staff);
    return redirectWithFlash(request, backTo, { type: "success", message: `Added comedian: ${row.name}` });
  } catch (error) {
    logger().error({ err: error }, "add comedian failed");
    const message = error instanceof Error ? error.message : String(error);
    return redirectWithFlash(request, backTo, {
      type: "error",
      message: `Failed to add comedian: ${message}`,
    });
  }
}

/**
 * The one delete action behind both of the spec's buttons. A comedian with votes is only
 * deleted once confirmed (the page first shows a confirmation step); the delete is soft so
 * past rounds' results keep the name and the votes.
 */
export async function handleDeleteComedian(
  request: Request,
  staff: StaffIdentity,
  form: FormData,
  backTo: string,
) {
  const id = parseId(form.get("id"));
  const comedian = id ? getComedian(id) : undefined;
  if (!comedian) {
    return redirectWithFlash(request, backTo, {
      type: "error",
      message: "Server delete failed: Comedian not found",
    });
  }
  const votes = countVotesFor(comedian.id);
  if (votes > 0 && form.get("confirmed") !== "yes") {
    return json({ intent: "confirm" as const, confirm: { id: comedian.id, name: comedian.name, votes } });
  }
  try {
    deleteComedian(comedian.id, staff);
    return redirectWithFlash(request, backTo, {
      type: "success",
      message: `Deleted comedian: ${comedian.name}`,
    });
  } catch (error) {
    logger().error({ err: error }, "delete comedian failed");
    const message = error instanceof Error ? error.message : String(error);
    return redirectWithFlash(request, backTo, { type: "error", message: `Server delete failed: ${message}` });
  }
}
