import { json } from "@remix-run/node";
import { deleteComedianSchema, manageComediansSchema } from "~/lib/comedian-form";
import { parseId } from "~/lib/ids";
import {
  addComedian,
  countVotesFor,
  deleteComedian,
  getComedian,
  listComediansWithVotes,
} from "~/models/comedians.server";
import { scheduleHeadshotVariants } from "~/models/headshots.server";
import { ingestStaffUpload } from "~/models/show-images.server";
import type { StaffIdentity } from "~/models/staff.server";
import { requireStaff } from "~/utils/auth.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { COMEDIAN_FORM_UPLOAD, discardUpload } from "~/utils/multipart.server";
import { redirectWithFlash } from "~/utils/session.server";

/** The loader of /manage-comedians and /test-delete: staff only, comedians with their votes. */
export async function loadStaffComedians(request: Request) {
  await requireStaff(request);
  return json({ comedians: listComediansWithVotes() });
}

/**
 * The action of /manage-comedians (add and delete) and /test-delete (delete only): 400 with
 * the add form's errors and values kept, the confirmation step for a comedian with votes, or
 * the change then a redirect back with the spec's message. The add form may carry a headshot
 * (multipart): it goes through the posters' pipeline as on the comedian profile form (a bad file
 * refuses the form with nothing stored), is stored with the new comedian in one transaction,
 * and its squares are rendered in the background; the temporary file goes whatever the answer.
 */
export async function handleComedianPost(
  request: Request,
  staff: StaffIdentity,
  page: "/manage-comedians" | "/test-delete",
) {
  const form = await handleForm(request, {
    schema: page === "/manage-comedians" ? manageComediansSchema : deleteComedianSchema,
    limits: STAFF_FORM_LIMITS,
    uploads: page === "/manage-comedians" ? COMEDIAN_FORM_UPLOAD : undefined,
  });
  if (!form.ok) return form.response;
  const value = form.value;
  try {
    if (value.intent === "add") {
      const file = form.files[0] ?? null;
      const upload = file ? await ingestStaffUpload(file) : null;
      if (upload && !upload.ok)
        return form.error(`Headshot: ${upload.message}`, {
          status: upload.status,
          retryAfterSeconds: upload.status === 503 ? 60 : undefined,
        });
      try {
        const row = addComedian({ name: value.name, bio: value.bio, photoHash: upload?.hash ?? null }, staff);
        scheduleHeadshotVariants(row);
        return redirectWithFlash(request, page, { type: "success", message: `Added comedian: ${row.name}` });
      } catch (error) {
        logger().error({ err: error }, "add comedian failed");
        return redirectWithFlash(request, page, {
          type: "error",
          message: `Failed to add comedian: ${errorText(error)}`,
        });
      }
    }
  } finally {
    for (const file of form.files) discardUpload(file);
  }
  return deleteWithConfirmation(request, staff, page, parseId(value.id), value.confirmed === "yes");
}

/**
 * The one delete behind both of the spec's buttons. A comedian with votes is only deleted
 * once confirmed (the page first shows a confirmation step); the delete is soft so past
 * rounds' results keep the name and the votes.
 */
async function deleteWithConfirmation(
  request: Request,
  staff: StaffIdentity,
  backTo: string,
  id: number,
  confirmed: boolean,
) {
  const comedian = id ? getComedian(id) : undefined;
  if (!comedian) {
    return redirectWithFlash(request, backTo, {
      type: "error",
      message: "Server delete failed: Comedian not found",
    });
  }
  const votes = countVotesFor(comedian.id);
  if (votes > 0 && !confirmed) {
    return json({ confirm: { id: comedian.id, name: comedian.name, votes } });
  }
  try {
    deleteComedian(comedian.id, staff);
    return redirectWithFlash(request, backTo, {
      type: "success",
      message: `Deleted comedian: ${comedian.name}`,
    });
  } catch (error) {
    logger().error({ err: error }, "delete comedian failed");
    return redirectWithFlash(request, backTo, {
      type: "error",
      message: `Server delete failed: ${errorText(error)}`,
    });
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
