import { dueForSelectionEmail, reviewPageSchema, reviewSavedMessage, selectionEmail } from "~/lib/shortlist";
import type { Show } from "~/lib/shows";
import { queueSelectionEmails, reviewApplication } from "~/models/application-review.server";
import { getShow } from "~/models/events.server";
import { wakeOutbox } from "~/models/outbox.server";
import type { StaffIdentity } from "~/models/staff.server";
import { listApplications } from "~/models/submissions.server";
import { db, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { redirectWithFlash } from "~/utils/session.server";

/**
 * E-mails the shortlisted of a show: the ones shortlisted and not e-mailed yet each get the
 * "you're selected" e-mail (queued in the outbox with the mark, in one transaction; the sender
 * delivers it). Answers how many were queued.
 */
export function emailShortlisted(
  eventId: number,
  staff: StaffIdentity,
  replyTo: string,
  database: DB = db(),
) {
  const show = getShow(eventId, database);
  if (!show) return 0;
  const mails = listApplications(eventId, database)
    .filter(dueForSelectionEmail)
    .map((app) => ({
      applicationId: app.id,
      to: app.email,
      replyTo,
      ...selectionEmail({
        name: app.fullName,
        title: show.title,
        date: show.date,
        time: show.time,
        venue: show.venue,
        replyTo,
      }),
    }));
  const queued = queueSelectionEmails(eventId, mails, staff, database);
  if (queued) wakeOutbox();
  return queued;
}

/** POST /admin/applications/{id}/review: one click's decision (with the notes), the notes alone, or e-mail the shortlisted. */
export async function handleReview(request: Request, staff: StaffIdentity, show: Show) {
  const form = await handleForm(request, { schema: reviewPageSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  const here = `/admin/applications/${show.id}/review`;
  const value = form.value;
  if (value.intent === "review") {
    const name = reviewApplication(show.id, value, staff);
    if (name === null)
      return redirectWithFlash(request, here, {
        type: "error",
        message: "That application no longer exists.",
      });
    // With JavaScript the row's fetcher follows this redirect without moving the list (issue 42).
    return redirectWithFlash(request, here, {
      type: "success",
      message: reviewSavedMessage(name, value.status),
    });
  }
  if (value.intent === "email") {
    const n = emailShortlisted(show.id, staff, getEnv().CONTACT_EMAIL);
    return redirectWithFlash(request, here, {
      type: n ? "success" : "info",
      message: n
        ? `${n} shortlisted contestant${n === 1 ? "" : "s"} being e-mailed.`
        : "Every shortlisted contestant has already been e-mailed.",
    });
  }
  // (Opening the round from the shortlist goes to the voting feature's one handler: the route
  // sends `?intent=open-round` to features/voting/open-round.server.ts, issue 37.)
  return redirectWithFlash(request, here, { type: "error", message: "Unknown action." });
}
