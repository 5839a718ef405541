import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comedians, contestantApplications, outbox, roundComedians } from "~/db/schema";
import { emailShortlisted } from "~/features/applications/review.server";
import { dueForSelectionEmail, reviewSavedMessage, reviewSchema } from "~/lib/shortlist";
import {
  openRoundFromShortlist,
  queueSelectionEmails,
  reviewApplication,
} from "~/models/application-review.server";
import { createTestDbWithStaff } from "../../../support/db";
import { insertShow } from "../../../support/shows";

function setup() {
  const { db, staff } = createTestDbWithStaff();
  const show = insertShow(db, {
    title: "2 Minutes to Kill",
    date: "2026-12-05",
    time: "20:00",
    venue: "Tipsy Toucan",
    acceptsApplications: true,
  });
  const apply = (fullName: string) =>
    db
      .insert(contestantApplications)
      .values({
        eventId: show.id,
        fullName,
        email: `${fullName.toLowerCase()}@example.com`,
        mobileNumber: "5195550100",
        isOver19: true,
        canAttendEvent: true,
        acceptsTerms: true,
        funBio: `${fullName} bio`,
      })
      .returning()
      .get().id;
  return { db, staff, show, ids: ["Ann", "Bo", "Cy"].map(apply) };
}

const NOW = { opensAt: new Date(), roomSeats: null };

describe("one click per decision (issue 42)", () => {
  it("a button's decision is stored with the notes typed; Save notes (no decision) keeps the decision; Undo is back to new", () => {
    const { db, staff, show, ids } = setup();
    const row = () =>
      db.select().from(contestantApplications).where(eq(contestantApplications.id, ids[0])).get()!;
    expect(
      reviewApplication(show.id, { applicationId: ids[0], status: "shortlisted", notes: "tape" }, staff, db),
    ).toBe("Ann");
    expect(row()).toMatchObject({ reviewStatus: "shortlisted", reviewNotes: "tape" });
    reviewApplication(show.id, { applicationId: ids[0], notes: "great tape" }, staff, db);
    expect(row()).toMatchObject({ reviewStatus: "shortlisted", reviewNotes: "great tape" });
    reviewApplication(show.id, { applicationId: ids[0], status: "new", notes: "great tape" }, staff, db);
    expect(row().reviewStatus).toBe("new");
    // The form without a button's value: no status, the notes alone.
    expect(reviewSchema.parse({ applicationId: "7", notes: "x" })).toEqual({ applicationId: 7, notes: "x" });
  });

  it("the flash names the applicant and what happened", () => {
    expect(reviewSavedMessage("Ann", "shortlisted")).toBe("Ann: shortlisted.");
    expect(reviewSavedMessage("Ann", "declined")).toBe("Ann: declined.");
    expect(reviewSavedMessage("Ann", "new")).toBe("Ann: back to not reviewed.");
    expect(reviewSavedMessage("Ann", undefined)).toBe("Notes on Ann saved.");
  });
});

describe("application review", () => {
  it("the rules: only shortlisted and not yet e-mailed get the selection e-mail; notes are bounded", () => {
    expect(dueForSelectionEmail({ reviewStatus: "shortlisted", selectedEmailedAt: null })).toBe(true);
    expect(dueForSelectionEmail({ reviewStatus: "shortlisted", selectedEmailedAt: new Date() })).toBe(false);
    expect(dueForSelectionEmail({ reviewStatus: "declined", selectedEmailedAt: null })).toBe(false);
    expect(reviewSchema.safeParse({ applicationId: "1", status: "maybe" }).success).toBe(false);
    expect(
      reviewSchema.safeParse({ applicationId: "1", status: "declined", notes: "x".repeat(2001) }).success,
    ).toBe(false);
  });

  it("shortlist two, decline one: e-mails the two once, opens a round with them as linked comedians", () => {
    const { db, staff, show, ids } = setup();
    expect(
      reviewApplication(
        show.id,
        { applicationId: ids[0], status: "shortlisted", notes: "great tape" },
        staff,
        db,
      ),
    ).toBe("Ann");
    reviewApplication(show.id, { applicationId: ids[1], status: "shortlisted", notes: "" }, staff, db);
    reviewApplication(show.id, { applicationId: ids[2], status: "declined", notes: "next time" }, staff, db);
    expect(
      reviewApplication(show.id + 1, { applicationId: ids[0], status: "declined", notes: "" }, staff, db),
    ).toBeNull();

    expect(emailShortlisted(show.id, staff, "info@laugh.example", db)).toBe(2);
    expect(emailShortlisted(show.id, staff, "info@laugh.example", db)).toBe(0);
    // Two staff pressing at once: the second press's e-mails were decided before the first
    // committed; the transaction queues none of them again, nor one for a declined applicant.
    const stale = [ids[0], ids[1], ids[2]].map((applicationId) => ({
      applicationId,
      to: `again-${applicationId}@example.com`,
      replyTo: "info@laugh.example",
      subject: "You're in",
      text: "Again",
    }));
    expect(queueSelectionEmails(show.id, stale, staff, db)).toBe(0);
    expect(
      db
        .select()
        .from(outbox)
        .all()
        .map((m) => m.toAddress)
        .sort(),
    ).toEqual(["ann@example.com", "bo@example.com"]);

    const result = openRoundFromShortlist(show.id, staff, NOW, db);
    if (!("roundId" in result)) throw new Error(result.error);
    const members = db
      .select({ name: comedians.name })
      .from(roundComedians)
      .innerJoin(comedians, eq(comedians.id, roundComedians.comedianId))
      .where(eq(roundComedians.roundId, result.roundId))
      .all();
    expect(members.map((m) => m.name).sort()).toEqual(["Ann", "Bo"]);
    const linked = db
      .select()
      .from(contestantApplications)
      .where(eq(contestantApplications.id, ids[0]))
      .get()!;
    expect(linked.comedianId).not.toBeNull();
    // A second round reuses the same comedians.
    const again = openRoundFromShortlist(show.id, staff, NOW, db);
    expect(db.select().from(comedians).all()).toHaveLength(2);
    expect("roundId" in again).toBe(true);
  });

  it("no shortlist, no round", () => {
    const { db, staff, show } = setup();
    expect(openRoundFromShortlist(show.id, staff, NOW, db)).toEqual({
      error: "Shortlist at least one contestant first.",
    });
  });
});
