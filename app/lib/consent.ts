import { formatLongDate } from "./dates";
import { SITE } from "./site";

/**
 * Consent to promotional e-mail (Canada's anti-spam law, CASL, issue 39): what a visitor agrees
 * to, in words that are versioned, so each sign-up records the version it was shown; and the
 * rules of double opt-in. Pure; docs/decisions/consent-and-mail.md explains the choices.
 */
export type MailList = "newsletter" | "waitlist";

/**
 * The wording shown beside each sign-up form, by version. A changed wording gets a new version
 * (never an edit of an old one): the records say which words each address agreed to.
 */
export const CONSENT_WORDING = {
  "newsletter-2026-11": `Yes, ${SITE.name} may e-mail me when merch is available. I can unsubscribe from any of these e-mails in one click.`,
  "waitlist-2026-11": `Yes, ${SITE.name} may e-mail me once if tickets for this date become available again. I can leave the list in one click; my address is deleted after the show.`,
} as const;
export type ConsentVersion = keyof typeof CONSENT_WORDING | "before-consent-records";

/** The version each form shows now. */
export const CURRENT_CONSENT: Record<MailList, keyof typeof CONSENT_WORDING> = {
  newsletter: "newsletter-2026-11",
  waitlist: "waitlist-2026-11",
};

/** The words of a version (rows from before consent records were kept say so). */
export function consentWording(version: string): string {
  return (
    (CONSENT_WORDING as Record<string, string>)[version] ??
    "(signed up before consent records were kept: wording not recorded)"
  );
}

/** An unconfirmed sign-up is deleted after this long (and gets nothing but its one e-mail). */
export const CONFIRM_WITHIN_MS = 48 * 60 * 60 * 1000;
/** Confirmation e-mails one mailbox gets per business day, across every list. */
export const CONFIRMATIONS_PER_DAY = 3;
/** "Tickets are available" e-mails one mailbox gets, across every show: one per this window. */
export const NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Whether an unconfirmed sign-up made at `createdAt` has expired. */
export function confirmationExpired(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() >= CONFIRM_WITHIN_MS;
}

/** Whether this mailbox may get one more confirmation e-mail today (`counted` on `day`). */
export function mayConfirmAgain(counted: { day: string | null; confirmations: number }, today: string) {
  return counted.day !== today || counted.confirmations < CONFIRMATIONS_PER_DAY;
}

/** Whether this mailbox may get a "tickets are available" e-mail now. */
export function mayNotifyAgain(lastNoticeAt: Date | null, now: Date): boolean {
  return !lastNoticeAt || now.getTime() - lastNoticeAt.getTime() >= NOTICE_INTERVAL_MS;
}

/** What a sign-up is for, in the confirmation e-mail and pages. */
export function listPurpose(list: MailList, performance?: { title: string; date: string }): string {
  if (list === "newsletter") return `e-mails from ${SITE.name} when merch is available`;
  return performance
    ? `one e-mail if tickets for ${performance.title} on ${formatLongDate(performance.date)} become available again`
    : "one e-mail if tickets become available again";
}

/** The answer to every sign-up, whatever was already on record (it tells nobody who is on a list). */
export function checkInboxMessage(email: string): string {
  return `Almost done: we've e-mailed a link to ${email}. Open it within 48 hours to confirm. (If this address is already on the list, nothing changes.)`;
}
