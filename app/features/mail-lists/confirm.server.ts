import { z } from "zod";
import { confirmListEntry, findListEntry, type ConfirmOutcome } from "~/models/mail-lists.server";
import { handleForm } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { redirectWithFlash } from "~/utils/session.server";

/**
 * The confirmation link (double opt-in, issue 39). Its GET only shows what is being confirmed
 * and a button: mail scanners and link previews follow GETs, and a GET that confirmed would let
 * anyone who can get a scanner to fetch the link confirm an address for its owner. The button's
 * POST goes through the form pipeline (same site only) and confirms in one transaction.
 */
const confirmSchema = z.object({});

export const CONFIRM_MESSAGES: Record<
  ConfirmOutcome,
  { type: "success" | "info" | "error"; message: string }
> = {
  confirmed: {
    type: "success",
    message: "Confirmed: you're on the list. Every e-mail we send has a one-click unsubscribe.",
  },
  "already-confirmed": { type: "info", message: "This address was already confirmed: nothing more to do." },
  expired: { type: "error", message: "This link has expired (48 hours): please sign up again." },
  "not-found": {
    type: "error",
    message: "This link is no longer valid: the address is not on the list. Sign up again if you like.",
  },
};

export async function confirmSignup(request: Request, token: string): Promise<Response> {
  const form = await handleForm(request, {
    schema: confirmSchema,
    honeypot: () => redirectWithFlash(request, `/confirm/${token}`, CONFIRM_MESSAGES.confirmed),
  });
  if (!form.ok) return form.response;
  const entry = findListEntry(token);
  const outcome = confirmListEntry(token);
  logger().info({ outcome, list: entry?.list }, "mail list confirmation");
  const back = entry?.performance
    ? `/event/${entry.performance.eventId}?date=${entry.performance.date}`
    : "/merch";
  return redirectWithFlash(
    request,
    outcome === "confirmed" ? back : `/confirm/${token}`,
    CONFIRM_MESSAGES[outcome],
  );
}
