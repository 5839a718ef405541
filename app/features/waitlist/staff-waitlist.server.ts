import { z } from "zod";
import { formatLongDate, isIsoDate, todayIn } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { sendNowMessage } from "~/lib/waitlist";
import type { StaffIdentity } from "~/models/staff.server";
import { sendWaitlistNow, setDateSoldOut } from "~/models/waitlist.server";
import { getEnv } from "~/utils/env.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithFlash } from "~/utils/session.server";

/** A row's buttons on /admin/waitlist: mark the date sold out or available, or e-mail its waitlist now. */
const waitlistPostSchema = z.object({
  intent: z.enum(["date-sold-out", "date-available", "send"]),
  eventId: z.string(),
  date: z.string().refine(isIsoDate, "Choose a date."),
});

/** POST /admin/waitlist: one performance's sold-out flag, or its waiting list told now. */
export async function handleWaitlistPost(request: Request, staff: StaffIdentity) {
  const form = await handleForm(request, { schema: waitlistPostSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  const { intent, date } = form.value;
  const eventId = parseId(form.value.eventId);
  const back = (type: "success" | "error", message: string) =>
    redirectWithFlash(request, "/admin/waitlist", { type, message });
  const context = { origin: publicOrigin(request), today: todayIn(getEnv().APP_TIMEZONE) };
  if (intent === "send") {
    const said = sendNowMessage(sendWaitlistNow({ eventId, date, ...context }, staff), formatLongDate(date));
    return redirectWithFlash(request, "/admin/waitlist", said);
  }
  const soldOut = intent === "date-sold-out";
  const { outcome, queued } = setDateSoldOut({ eventId, date, soldOut, ...context }, staff);
  if (outcome !== "ok")
    return back("error", outcome === "archived" ? "That show is archived." : "That date no longer exists.");
  const told = queued
    ? ` ${queued} waiting ${queued === 1 ? "person is" : "people are"} being e-mailed.`
    : "";
  return back("success", `${formatLongDate(date)} marked ${soldOut ? "sold out" : "available"}.${told}`);
}
