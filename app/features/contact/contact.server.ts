import { CONTACT_SUCCESS, contactErrorText, contactSchema } from "~/lib/forms/contact";
import { saveContactMessageWithNotice } from "~/models/submissions.server";
import { getEnv } from "~/utils/env.server";
import { handleForm } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { spendPublicFormBudget } from "~/utils/public-form.server";
import { redirectWithFlash } from "~/utils/session.server";

/**
 * POST /contact, the template of a public form: the pipeline (one schema, honeypot, budget),
 * one model transaction (the message and its e-mail to the promoter in the outbox), then a
 * redirect whose flash the page shows without JavaScript.
 */
export async function handleContact(request: Request, clientIp: string) {
  const { CONTACT_EMAIL } = getEnv();
  const thanks = () => redirectWithFlash(request, "/contact", { type: "success", message: CONTACT_SUCCESS });
  const form = await handleForm(request, {
    schema: contactSchema,
    // A bot filled the honeypot: answer as if it worked, store nothing.
    honeypot: thanks,
    budget: () => spendPublicFormBudget("contact", clientIp),
  });
  if (!form.ok) return form.response;
  try {
    saveContactMessageWithNotice(form.value, { ipAddress: clientIp, to: CONTACT_EMAIL });
  } catch (error) {
    logger().error({ err: error }, "storing a contact message failed");
    return form.error(contactErrorText(CONTACT_EMAIL), { status: 500 });
  }
  // Stored with its e-mail to the promoter queued in the outbox (sent in the background).
  return thanks();
}
