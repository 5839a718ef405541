import { describe, expect, it } from "vitest";
import { applicationNotification, contactNotification } from "~/lib/notifications";
import { dueForSelectionEmail, REVIEW_STATUSES, reviewSchema, selectionEmail } from "~/lib/shortlist";

/**
 * The e-mails the promoter and the contestants read (app/lib/notifications.ts, shortlist.ts),
 * and the review form's rules. Sending them is tested in mail.test.ts and
 * tests/unit/features/applications/review.test.ts (integration).
 */

describe("the promoter's e-mails", () => {
  it("a contact message: its subject, a reply goes to the sender, and everything they wrote", () => {
    expect(
      contactNotification({
        name: "Sam Lee",
        email: "sam@example.com",
        subject: "Booking",
        message: "Two lines\nof text",
        submissionToken: "t".repeat(20),
      }),
    ).toEqual({
      subject: "Contact form: Booking",
      replyTo: "sam@example.com",
      text: "From: Sam Lee <sam@example.com>\nSubject: Booking\n\nTwo lines\nof text\n",
    });
  });

  const application = {
    from_name: "Ann Comic",
    from_email: "ann@example.com",
    mobile_number: "519 555 0100",
    is_over_19: true,
    can_attend: "yes" as const,
    accepts_terms: true,
    submissionToken: "t".repeat(20),
  };

  it("an application: every answer on its own line, the reply to the comic", () => {
    expect(
      applicationNotification("Game On", {
        ...application,
        will_attend_if_not_selected: "no",
        fun_bio: "Tall.",
      }),
    ).toEqual({
      subject: "Contestant application: Game On",
      replyTo: "ann@example.com",
      text: [
        "Show: Game On",
        "Full name: Ann Comic",
        "Email: ann@example.com",
        "Mobile: 519 555 0100",
        "Meets the minimum age: yes",
        "Can attend: yes",
        "Will attend if not selected: no",
        "Fun bio: Tall.",
        "",
      ].join("\n"),
    });
  });

  it("an application with questions left out says so rather than inventing an answer", () => {
    const text = applicationNotification("Game On", {
      ...application,
      is_over_19: false,
      can_attend: "no",
    }).text;
    expect(text).toContain("\nMeets the minimum age: no\n");
    expect(text).toContain("\nCan attend: no\n");
    expect(text).toContain("\nWill attend if not selected: no answer\n");
    expect(text.endsWith("\nFun bio: \n")).toBe(true);
  });
});

describe("the shortlist", () => {
  it("e-mails a shortlisted comic once, and nobody else", () => {
    for (const status of REVIEW_STATUSES) {
      expect(dueForSelectionEmail({ reviewStatus: status, selectedEmailedAt: null })).toBe(
        status === "shortlisted",
      );
    }
    expect(dueForSelectionEmail({ reviewStatus: "shortlisted", selectedEmailedAt: new Date(0) })).toBe(false);
  });

  it("the selection e-mail names the show, its date, time and venue, and asks for a reply", () => {
    expect(
      selectionEmail({
        name: "Ann",
        title: "Game On",
        date: "2026-05-16",
        time: "19:30",
        venue: "Tipsy Toucan",
        replyTo: "promoter@example.com",
      }),
    ).toEqual({
      subject: "You're in: Game On (Saturday, May 16, 2026)",
      text: [
        "Hi Ann,",
        "",
        "You've been selected as a contestant for Game On on Saturday, May 16, 2026 at 7:30 PM, Tipsy Toucan.",
        "",
        "Please reply to this e-mail (promoter@example.com) to confirm you'll be there, and arrive 30 minutes before the show.",
        "",
        "See you on stage!",
        "",
      ].join("\n"),
    });
  });

  it("the review form: a status of the three, trimmed notes up to 2000 characters, each with its message", () => {
    expect(reviewSchema.parse({ applicationId: "7", status: "shortlisted", notes: "  funny  " })).toEqual({
      applicationId: 7,
      status: "shortlisted",
      notes: "funny",
    });
    expect(reviewSchema.parse({ applicationId: "7", status: "new" }).notes).toBe("");
    expect(
      reviewSchema.parse({ applicationId: "7", status: "declined", notes: "x".repeat(2000) }).notes,
    ).toHaveLength(2000);
    const messages = (input: unknown) => {
      const result = reviewSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(messages({ applicationId: "7", status: "maybe" })).toEqual([
      "Choose new, shortlisted or declined",
    ]);
    expect(messages({ applicationId: "7", status: "new", notes: "x".repeat(2001) })).toEqual([
      "Notes must be at most 2000 characters",
    ]);
    expect(messages({ applicationId: "x", status: "new" })).toEqual(["That application was not found."]);
  });
});
