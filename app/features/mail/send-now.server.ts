import { z } from "zod";
import { makeAllDue, wakeOutbox } from "~/models/outbox.server";
import { getEnv } from "~/utils/env.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { redirectWithFlash } from "~/utils/session.server";

/** POST /admin/mail, "Send now": every waiting message is due at once and the sender woken. */
export async function handleSendNow(request: Request) {
  const form = await handleForm(request, { schema: z.object({}), limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  const n = makeAllDue();
  wakeOutbox();
  const configured = Boolean(getEnv().SMTP_URL);
  return redirectWithFlash(request, "/admin/mail", {
    type: configured ? "success" : "error",
    message: configured
      ? `${n} message${n === 1 ? "" : "s"} being sent now.`
      : "Mail is not set up (SMTP_URL): the messages keep waiting here.",
  });
}
