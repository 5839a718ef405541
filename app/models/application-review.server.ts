import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { comedians, contestantApplications, events, votingRounds } from "~/db/schema";
import { formatLongDate } from "~/lib/dates";
import { type ReviewStatus } from "~/lib/shortlist";
import type { TicketCheck } from "~/lib/ticket-votes";
import { recordAudit } from "~/models/audit.server";
import { enqueueMail } from "~/models/outbox.server";
import { insertRound } from "~/models/rounds.server";
import type { StaffIdentity } from "~/models/staff.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

/**
 * Issue 18: staff review of one show's contestant applications. Without a status (issue 42's
 * "Save notes") the decision stays as it is. Answers the applicant's name, or null when the
 * show has no such application.
 */
export function reviewApplication(
  eventId: number,
  input: { applicationId: number; status?: ReviewStatus; notes: string },
  staff: StaffIdentity,
  database: DB = db(),
): string | null {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const where = and(
      eq(contestantApplications.id, input.applicationId),
      eq(contestantApplications.eventId, eventId),
    );
    const row = t
      .select({
        fullName: contestantApplications.fullName,
        reviewStatus: contestantApplications.reviewStatus,
        reviewNotes: contestantApplications.reviewNotes,
      })
      .from(contestantApplications)
      .where(where)
      .get();
    if (!row) return null;
    const { fullName, ...before } = row;
    const status = input.status ?? before.reviewStatus;
    t.update(contestantApplications)
      .set({ reviewStatus: status, reviewNotes: input.notes })
      .where(where)
      .run();
    recordAudit(
      {
        staff,
        action: "application.review",
        entityType: "contestant_application",
        entityId: input.applicationId,
        before,
        after: { reviewStatus: status, reviewNotes: input.notes },
      },
      t,
    );
    return fullName;
  }, IMMEDIATE);
}

/** A "you're selected" e-mail for one application (its text: app/lib/shortlist.ts). */
export type SelectionMail = {
  applicationId: number;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
};

/**
 * Queues the "you're selected" e-mails in one transaction: each application is marked e-mailed
 * and its message put in the outbox together, and only while it is still shortlisted and not
 * yet e-mailed (two staff pressing at once queue each e-mail once). Answers how many.
 */
export function queueSelectionEmails(
  eventId: number,
  mails: SelectionMail[],
  staff: StaffIdentity,
  database: DB = db(),
): number {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const now = new Date();
    let n = 0;
    for (const mail of mails) {
      const marked = t
        .update(contestantApplications)
        .set({ selectedEmailedAt: now })
        .where(
          and(
            eq(contestantApplications.id, mail.applicationId),
            eq(contestantApplications.eventId, eventId),
            eq(contestantApplications.reviewStatus, "shortlisted"),
            isNull(contestantApplications.selectedEmailedAt),
          ),
        )
        .run();
      if (marked.changes === 0) continue;
      enqueueMail(
        {
          kind: "shortlist",
          refId: mail.applicationId,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
        },
        t,
        now,
      );
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
}

/** The voting rounds opened for a show, newest first (the review page links them). */
export function roundsOfShow(eventId: number, database: DB = db()) {
  return database
    .select({ id: votingRounds.id, title: votingRounds.title })
    .from(votingRounds)
    .where(eq(votingRounds.eventId, eventId))
    .orderBy(desc(votingRounds.id))
    .all();
}

/**
 * Opens (or schedules) a voting round with the shortlisted contestants in one step: a comedian
 * is created from each application not linked to one yet (name and fun bio), and linked to it;
 * the round belongs to the show and its date (issue 37), stored through `insertRound`.
 */
export function openRoundFromShortlist(
  eventId: number,
  staff: StaffIdentity,
  options: { opensAt: Date; roomSeats: number | null; ticketCheck?: TicketCheck },
  database: DB = db(),
): { roundId: number; title: string } | { error: string } {
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
    const round = insertRound(
      t,
      {
        title: `${show.title} (${formatLongDate(show.date)})`,
        eventId,
        eventDate: show.date,
        comedianIds: ids,
        opensAt: options.opensAt,
        roomSeats: options.roomSeats,
        ticketCheck: options.ticketCheck,
      },
      staff,
      "round.open-from-shortlist",
    );
    return { roundId: round.id, title: round.title };
  }, IMMEDIATE);
}
