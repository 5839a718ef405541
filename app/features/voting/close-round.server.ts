import { z } from "zod";
import { parseId } from "~/lib/ids";
import { closeRound, getRound } from "~/models/rounds.server";
import type { StaffIdentity } from "~/models/staff.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { redirectWithFlash } from "~/utils/session.server";

/** A round's "Close" button on /admin/rounds (POST ?intent=close): the round's id. */
const closeRoundSchema = z.object({ id: z.string() });

/** Closes an open round (its votes and results are kept); a round already closed is said so. */
export async function handleCloseRound(request: Request, staff: StaffIdentity) {
  const form = await handleForm(request, { schema: closeRoundSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  const id = parseId(form.value.id);
  const round = id ? getRound(id) : undefined;
  const closed = round ? closeRound(round.id, staff) : null;
  return redirectWithFlash(
    request,
    "/admin/rounds",
    closed
      ? { type: "success", message: `Closed round: ${closed.title}` }
      : { type: "error", message: "That round is not open." },
  );
}
