import { z } from "zod";
import { formatLongDate, formatTime12 } from "./dates";
import { idField } from "./id-field";

/** Issue 18: reviewing contestant applications, e-mailing the shortlist, opening the round. */
export const REVIEW_STATUSES = ["new", "shortlisted", "declined"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviewSchema = z.object({
  applicationId: idField("That application was not found."),
  status: z.enum(REVIEW_STATUSES, { error: "Choose new, shortlisted or declined" }),
  notes: z.string().trim().max(2000, "Notes must be at most 2000 characters").default(""),
});

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
