import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  contactMessages,
  contestantApplications,
  events,
  type ContactMessage,
  type ContestantApplication,
} from "~/db/schema";
import type { ContactInput } from "~/lib/forms/contact";
import type { ContestantApplicationInput } from "~/lib/forms/contestant-application";
import { applicationNotification, contactNotification } from "~/lib/notifications";
import { enqueueMail, wakeOutbox, type NewMail } from "~/models/outbox.server";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

/**
 * Public submissions (contact messages, contestant applications, newsletter sign-ups):
 * stored before anything else happens. A submission token already stored means the same
 * post arrived again: the first record is returned and nothing new is stored.
 */
export type Saved<T> = { record: T; created: boolean };

type TokenTable = typeof contactMessages | typeof contestantApplications;

/** Stores `values` unless a row with its submission token is there; answers that row and whether it is new. */
function insertOnceByToken<T extends TokenTable>(
  table: T,
  values: T["$inferInsert"],
  database: DB,
): Saved<T["$inferSelect"]> {
  // The two tables share the columns used here; drizzle cannot type a union of tables.
  const t = table as typeof contactMessages;
  const inserted = database
    .insert(t)
    .values(values as typeof contactMessages.$inferInsert)
    .onConflictDoNothing({ target: t.submissionToken })
    .returning()
    .get();
  if (inserted) return { record: inserted as T["$inferSelect"], created: true };
  const existing = database.select().from(t).where(eq(t.submissionToken, values.submissionToken!)).get();
  return { record: existing! as T["$inferSelect"], created: false };
}

/**
 * Issue 18: a submission and the promoter's e-mail about it are written in one transaction
 * (the e-mail waits in the outbox; the sender delivers it with retries). A replayed post
 * stores nothing new and queues nothing.
 */
function saveWithNotice<T extends { id: number }>(
  save: (database: DB) => Saved<T>,
  notice: (record: T) => NewMail,
  database: DB,
): Saved<T> {
  const saved = database.transaction((tx) => {
    const t = tx as unknown as DB;
    const result = save(t);
    if (result.created) enqueueMail(notice(result.record), t);
    return result;
  }, IMMEDIATE);
  if (saved.created) wakeOutbox();
  return saved;
}

export function saveContactMessage(
  input: ContactInput,
  meta: { ipAddress: string | null },
  database: DB = db(),
): Saved<ContactMessage> {
  return insertOnceByToken(
    contactMessages,
    {
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      submissionToken: input.submissionToken ?? null,
      ipAddress: meta.ipAddress,
    },
    database,
  );
}

export function saveContestantApplication(
  eventId: number,
  input: ContestantApplicationInput,
  meta: { ipAddress: string | null },
  database: DB = db(),
): Saved<ContestantApplication> {
  return insertOnceByToken(
    contestantApplications,
    {
      eventId,
      fullName: input.from_name,
      email: input.from_email,
      mobileNumber: input.mobile_number,
      isOver19: input.is_over_19,
      canAttendEvent: input.can_attend === "yes",
      willAttendIfNotSelected:
        input.will_attend_if_not_selected === undefined ? null : input.will_attend_if_not_selected === "yes",
      funBio: input.fun_bio ?? "",
      acceptsTerms: input.accepts_terms,
      submissionToken: input.submissionToken ?? null,
      ipAddress: meta.ipAddress,
    },
    database,
  );
}

export function markContactMessageEmailed(id: number, database: DB = db()) {
  database.update(contactMessages).set({ emailedAt: new Date() }).where(eq(contactMessages.id, id)).run();
}

export function markApplicationEmailed(id: number, database: DB = db()) {
  database
    .update(contestantApplications)
    .set({ emailedAt: new Date() })
    .where(eq(contestantApplications.id, id))
    .run();
}

export function listContactMessages(database: DB = db()) {
  return database
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .all();
}

/** Shows that take applications or have received some, with their application counts. */
export function listApplicationShows(database: DB = db()) {
  // Qualified by hand: inside the subquery drizzle renders ${events.id} as a bare "id",
  // which SQLite reads as the application's own id (a wrong count on /admin/applications).
  const count = sql<number>`(select count(*) from ${contestantApplications} where ${contestantApplications.eventId} = "events"."id")`;
  return database
    .select({ id: events.id, title: events.title, date: events.date, applications: count })
    .from(events)
    .where(sql`${events.acceptsApplications} = 1 or ${count} > 0`)
    .orderBy(desc(events.date), asc(events.id))
    .all();
}

export function listApplications(eventId: number, database: DB = db()) {
  return database
    .select()
    .from(contestantApplications)
    .where(and(eq(contestantApplications.eventId, eventId)))
    .orderBy(asc(contestantApplications.createdAt), asc(contestantApplications.id))
    .all();
}

/** The contact form: the message and the promoter's e-mail about it, in one transaction. */
export function saveContactMessageWithNotice(
  input: ContactInput,
  meta: { ipAddress: string | null; to: string },
  database: DB = db(),
): Saved<ContactMessage> {
  const mail = contactNotification(input);
  return saveWithNotice(
    (t) => saveContactMessage(input, meta, t),
    (record) => ({ kind: "contact", refId: record.id, to: meta.to, ...mail }),
    database,
  );
}

/** A contestant application and the promoter's e-mail about it, in one transaction. */
export function saveContestantApplicationWithNotice(
  show: { id: number; title: string },
  input: ContestantApplicationInput,
  meta: { ipAddress: string | null; to: string },
  database: DB = db(),
): Saved<ContestantApplication> {
  const mail = applicationNotification(show.title, input);
  return saveWithNotice(
    (t) => saveContestantApplication(show.id, input, meta, t),
    (record) => ({ kind: "application", refId: record.id, to: meta.to, ...mail }),
    database,
  );
}
