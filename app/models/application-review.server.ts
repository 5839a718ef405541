import { and, asc, eq } from "drizzle-orm";
import { comedians, contestantApplications, events, roundComedians, votingRounds } from "~/db/schema";
import { formatLongDate } from "~/lib/dates";
import { dueForSelectionEmail, selectionEmail, type ReviewStatus } from "~/lib/shortlist";
import { recordAudit } from "~/models/audit.server";
import { enqueueMail, wakeOutbox } from "~/models/outbox.server";
import type { StaffIdentity } from "~/models/staff.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

/** Issue 18: staff review of one show's contestant applications. */
export function reviewApplication(
  eventId: number,
  input: { applicationId: number; status: ReviewStatus; notes: string },
  staff: StaffIdentity,
  database: DB = db(),
): boolean {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const where = and(
      eq(contestantApplications.id, input.applicationId),
      eq(contestantApplications.eventId, eventId),
    );
    const before = t
      .select({
        reviewStatus: contestantApplications.reviewStatus,
        reviewNotes: contestantApplications.reviewNotes,
      })
      .from(contestantApplications)
      .where(where)
      .get();
    if (!before) return false;
    t.update(contestantApplications)
      .set({ reviewStatus: input.status, reviewNotes: input.notes })
      .where(where)
      .run();
    recordAudit(
      {
        staff,
        action: "application.review",
        entityType: "contestant_application",
        entityId: input.applicationId,
        before,
        after: { reviewStatus: input.status, reviewNotes: input.notes },
      },
      t,
    );
    return true;
  }, IMMEDIATE);
}

/** Queues the "you're selected" e-mail for every shortlisted applicant not e-mailed yet. */
export function emailShortlisted(
  eventId: number,
  staff: StaffIdentity,
  replyTo: string,
  database: DB = db(),
): number {
  const queued = database.transaction((tx) => {
    const t = tx as unknown as DB;
    const show = t.select().from(events).where(eq(events.id, eventId)).get();
    if (!show) return 0;
    const now = new Date();
    let n = 0;
    for (const app of t
      .select()
      .from(contestantApplications)
      .where(eq(contestantApplications.eventId, eventId))
      .orderBy(asc(contestantApplications.id))
      .all()) {
      if (!dueForSelectionEmail(app)) continue;
      const mail = selectionEmail({
        name: app.fullName,
        title: show.title,
        date: show.date,
        time: show.time,
        venue: show.venue,
        replyTo,
      });
      enqueueMail(
        { kind: "shortlist", refId: app.id, to: app.email, replyTo, subject: mail.subject, text: mail.text },
        t,
        now,
      );
      t.update(contestantApplications)
        .set({ selectedEmailedAt: now })
        .where(eq(contestantApplications.id, app.id))
        .run();
      n++;
    }
    if (n)
      recordAudit(
        {
          staff,
          action: "application.email-shortlisted",
          entityType: "event",
          entityId: eventId,
          after: { queued: n },
        },
        t,
      );
    return n;
  }, IMMEDIATE);
  if (queued) wakeOutbox();
  return queued;
}

/**
 * Opens a voting round with the shortlisted contestants in one step: a comedian is created
 * from each application not linked to one yet (name and fun bio), and linked to it.
 */
export function openRoundFromShortlist(
  eventId: number,
  staff: StaffIdentity,
  database: DB = db(),
): { roundId: number } | { error: string } {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const show = t.select().from(events).where(eq(events.id, eventId)).get();
    if (!show) return { error: "That show no longer exists." };
    const shortlisted = t
      .select()
      .from(contestantApplications)
      .where(
        and(
          eq(contestantApplications.eventId, eventId),
          eq(contestantApplications.reviewStatus, "shortlisted"),
        ),
      )
      .orderBy(asc(contestantApplications.id))
      .all();
    if (shortlisted.length === 0) return { error: "Shortlist at least one contestant first." };
    const ids: number[] = [];
    for (const app of shortlisted) {
      let comedianId = app.comedianId;
      const linked = comedianId
        ? t
            .select({ id: comedians.id, deletedAt: comedians.deletedAt })
            .from(comedians)
            .where(eq(comedians.id, comedianId))
            .get()
        : null;
      if (!linked || linked.deletedAt) {
        comedianId = t
          .insert(comedians)
          .values({ name: app.fullName, bio: app.funBio || null })
          .returning({ id: comedians.id })
          .get().id;
        t.update(contestantApplications)
          .set({ comedianId })
          .where(eq(contestantApplications.id, app.id))
          .run();
      }
      ids.push(comedianId!);
    }
    const round = t
      .insert(votingRounds)
      .values({ title: `${show.title} (${formatLongDate(show.date)})`, eventId, openedAt: new Date() })
      .returning()
      .get();
    for (const comedianId of new Set(ids))
      t.insert(roundComedians).values({ roundId: round.id, comedianId }).run();
    recordAudit(
      {
        staff,
        action: "round.open-from-shortlist",
        entityType: "voting_round",
        entityId: round.id,
        after: { eventId, comedianIds: ids },
      },
      t,
    );
    return { roundId: round.id };
  }, IMMEDIATE);
}
