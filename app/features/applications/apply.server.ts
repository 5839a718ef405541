import { redirect } from "@remix-run/node";
import { applicationReturnUrl, applicationsOpen, closedText } from "~/lib/contestant";
import { applicationErrorText, contestantApplicationSchema } from "~/lib/forms/contestant-application";
import type { Show } from "~/lib/shows";
import { saveContestantApplicationWithNotice } from "~/models/submissions.server";
import { getEnv } from "~/utils/env.server";
import { handleForm } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { spendPublicFormBudget } from "~/utils/public-form.server";

/**
 * POST /event/:id/apply: the contestant application placed on the show pages. Success goes
 * back to the show page with ?applied=1 (the thank-you panel); invalid input re-renders the
 * form on the apply page with its errors and values (400), as a browser without JavaScript sees.
 */
export async function handleApplication(request: Request, show: Show, clientIp: string) {
  const { APP_TIMEZONE, CONTACT_EMAIL } = getEnv();
  const form = await handleForm(request, {
    schema: contestantApplicationSchema,
    honeypot: (formData) => redirect(applicationReturnUrl(formData.get("returnTo"), show.id)),
    refuseIf: () => (applicationsOpen(show) ? null : closedText(show, APP_TIMEZONE)),
    budget: () => spendPublicFormBudget("application", clientIp),
  });
  if (!form.ok) return form.response;
  try {
    saveContestantApplicationWithNotice(show, form.value, { ipAddress: clientIp, to: CONTACT_EMAIL });
  } catch (error) {
    logger().error({ err: error, showId: show.id }, "storing a contestant application failed");
    return form.error(applicationErrorText(CONTACT_EMAIL), { status: 500 });
  }
  // Stored with its e-mail to the promoter queued in the outbox (sent in the background).
  return redirect(applicationReturnUrl(form.value.returnTo, show.id));
}
