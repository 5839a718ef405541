import { z } from "zod";
import { formatLongDate, formatTime12 } from "./dates";
import { idField } from "./id-field";

/** Issue 18: reviewing contestant applications, e-mailing the shortlist, opening the round. */
export const REVIEW_STATUSES = ["new", "shortlisted", "declined"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * One applicant's form on the review page (issue 42: one click per decision). The button pressed
 * names the decision (`status`: Shortlist, Decline, or Undo back to "new"); "Save notes" posts
 * no status and keeps the current one. The notes typed are saved with whichever button.
 */
export const reviewSchema = z.object({
  applicationId: idField("That application was not found."),
  status: z.enum(REVIEW_STATUSES, { error: "Choose new, shortlisted or declined" }).optional(),
  notes: z.string().trim().max(2000, "Notes must be at most 2000 characters").default(""),
});

/** What each decision is called on the page: the status line, the flash after a click. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  new: "Not reviewed",
  shortlisted: "Shortlisted",
  declined: "Declined",
};

/** The flash after one applicant's form was saved (the name first, as staff scan the list). */
export function reviewSavedMessage(name: string, status: ReviewStatus | undefined): string {
  if (status === undefined) return `Notes on ${name} saved.`;
  if (status === "new") return `${name}: back to not reviewed.`;
  return `${name}: ${REVIEW_STATUS_LABELS[status].toLowerCase()}.`;
}

/** A status the page may show before the server answered (a pending click), or null. */
export function asReviewStatus(value: unknown): ReviewStatus | null {
  return REVIEW_STATUSES.find((s) => s === value) ?? null;
}

/** The review page's forms: one per application (decision and notes), and its two buttons. */
export const reviewPageSchema = z.discriminatedUnion("intent", [
  reviewSchema.extend({ intent: z.literal("review") }),
  z.object({ intent: z.literal("email") }),
]);

/** Who gets the "you're selected" e-mail: shortlisted and not e-mailed yet (never twice). */
export function dueForSelectionEmail(app: { reviewStatus: ReviewStatus; selectedEmailedAt: Date | null }) {
  return app.reviewStatus === "shortlisted" && app.selectedEmailedAt === null;
}

export function selectionEmail(input: {
  name: string;
  title: string;
  date: string;
  time: string;
  venue: string;
  replyTo: string;
}) {
  return {
    subject: `You're in: ${input.title} (${formatLongDate(input.date)})`,
    text: [
      `Hi ${input.name},`,
      "",
      `You've been selected as a contestant for ${input.title} on ${formatLongDate(input.date)} at ${formatTime12(input.time)}, ${input.venue}.`,
      "",
      `Please reply to this e-mail (${input.replyTo}) to confirm you'll be there, and arrive 30 minutes before the show.`,
      "",
      "See you on stage!",
      "",
    ].join("\n"),
  };
}
