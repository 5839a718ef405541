/**
 * Test helpers for the mailing lists (issue 39): a confirmed waitlist sign-up, made through the
 * real path (requestWaitlist, then the confirmation link), with its confirmation e-mail taken
 * out of the outbox, so tests about the "tickets are available" e-mails count only those.
 */
import { and, eq } from "drizzle-orm";
import { outbox, waitlistEntries } from "~/db/schema";
import { canonicalEmail } from "~/lib/canonical-email";
import { CURRENT_CONSENT } from "~/lib/consent";
import { confirmListEntry } from "~/models/mail-lists.server";
import { requestWaitlist } from "~/models/waitlist.server";
import type { DB } from "~/utils/db.server";

export function joinWaitlist(
  input: { eventId: number; date: string; email: string; title?: string },
  database: DB,
): { created: boolean; token: string } {
  const email = input.email.trim().toLowerCase();
  const emailKey = canonicalEmail(email);
  const outcome = requestWaitlist(
    {
      eventId: input.eventId,
      date: input.date,
      title: input.title ?? "A show",
      email,
      emailKey,
      consent: { version: CURRENT_CONSENT.waitlist, source: `/event/${input.eventId}`, ipHash: null },
      origin: "https://laugh.example",
      today: "2000-01-01",
    },
    database,
  );
  const row = database
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.eventId, input.eventId),
        eq(waitlistEntries.date, input.date),
        eq(waitlistEntries.emailKey, emailKey),
      ),
    )
    .get()!;
  confirmListEntry(row.token, new Date(), database);
  database.delete(outbox).where(eq(outbox.kind, "confirmation")).run();
  return { created: outcome !== "already-confirmed", token: row.token };
}
