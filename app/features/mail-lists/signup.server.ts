import type { AppLoadContext } from "@remix-run/node";
import { canonicalEmail } from "~/lib/canonical-email";
import { checkInboxMessage } from "~/lib/consent";
import { todayIn } from "~/lib/dates";
import { newsletterSchema } from "~/lib/forms/newsletter";
import { waitlistSchema } from "~/lib/forms/waitlist";
import { canJoinWaitlist } from "~/lib/waitlist";
import { requestNewsletterSignup, type ConsentInput } from "~/models/mail-lists.server";
import { findPerformance, requestWaitlist } from "~/models/waitlist.server";
import { getEnv } from "~/utils/env.server";
import { handleForm } from "~/utils/form-pipeline.server";
import { keyedHash } from "~/utils/keyed-hash.server";
import { logger } from "~/utils/logger.server";
import { publicOrigin } from "~/utils/origin.server";
import { spendPublicFormBudget } from "~/utils/public-form.server";
import { redirectWithFlash } from "~/utils/session.server";

/**
 * The two sign-up forms (issue 39): the merch newsletter and a sold-out performance's waitlist.
 * Both go through the form pipeline (honeypot, zod, the per-IP budget), record the consent
 * (the wording's version the page showed, the page, a keyed hash of the IP), and answer the
 * same whatever is on record: "check your inbox". The model queues the one confirmation
 * e-mail (double opt-in) within the mailbox's daily count.
 */
function consentFrom(request: Request, version: string, context: AppLoadContext): ConsentInput {
  return {
    version,
    source: new URL(request.url).pathname,
    ipHash: context.clientIp ? keyedHash("consent-ip", context.clientIp) : null,
  };
}

export type SignupResult = { ok: false; response: Response } | { ok: true; response: Response };

export async function newsletterSignup(request: Request, context: AppLoadContext): Promise<SignupResult> {
  const form = await handleForm(request, {
    schema: newsletterSchema,
    limits: { maxBytes: 2 * 1024, maxFields: 10, maxFieldBytes: 1024 },
    // A bot filled the honeypot: the same answer as anyone gets, nothing stored or sent.
    honeypot: (formData) => checkInbox(request, "/merch", formData.get("email")),
    budget: () => spendPublicFormBudget("newsletter", context.clientIp),
  });
  if (!form.ok) return form;
  const { email, consent } = form.value;
  const outcome = requestNewsletterSignup({
    email,
    emailKey: canonicalEmail(email),
    consent: consentFrom(request, consent, context),
    origin: publicOrigin(request),
    today: todayIn(getEnv().APP_TIMEZONE),
  });
  logger().info({ outcome, list: "newsletter" }, "mail list sign-up");
  return { ok: true, response: await checkInbox(request, "/merch", email) };
}

export async function waitlistSignup(
  request: Request,
  eventId: number,
  context: AppLoadContext,
): Promise<SignupResult> {
  const today = todayIn(getEnv().APP_TIMEZONE);
  const form = await handleForm(request, {
    schema: waitlistSchema,
    honeypot: (formData) =>
      checkInbox(request, waitlistPage(eventId, String(formData.get("date") ?? "")), formData.get("email")),
    budget: () => spendPublicFormBudget("waitlist", context.clientIp),
  });
  if (!form.ok) return form;
  const { email, date, consent } = form.value;
  const performance = findPerformance(eventId, date);
  if (!performance)
    return {
      ok: false,
      response: form.error("That date is not one of this show's dates.", { field: "date" }),
    };
  if (!canJoinWaitlist({ ...performance, today })) {
    return {
      ok: false,
      response: form.error(
        "Tickets for this date are not sold out (or the show is over): there is no list to join.",
        { status: 409 },
      ),
    };
  }
  const outcome = requestWaitlist({
    eventId: performance.eventId,
    date,
    title: performance.title,
    email,
    emailKey: canonicalEmail(email),
    consent: consentFrom(request, consent, context),
    origin: publicOrigin(request),
    today,
  });
  logger().info({ outcome, list: "waitlist", eventId: performance.eventId, date }, "mail list sign-up");
  return { ok: true, response: await checkInbox(request, waitlistPage(eventId, date), email) };
}

const waitlistPage = (eventId: number, date: string) =>
  `/event/${eventId}/waitlist?date=${encodeURIComponent(date)}`;

/** The answer to every sign-up (a flash: it says nothing of what is on record). */
function checkInbox(request: Request, to: string, email: FormDataEntryValue | null) {
  const typed = String(email ?? "")
    .trim()
    .slice(0, 254);
  return redirectWithFlash(request, to, { type: "success", message: checkInboxMessage(typed) });
}
