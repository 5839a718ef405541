/**
 * POST /admin/waitlist's handler (features/waitlist/staff-waitlist.server.ts) on the server side:
 * a row's buttons with a tampered intent or date are a 400 that changes nothing; a good post
 * marks that one date sold out (or available again, which queues its waitlist's e-mails).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventDates, outbox, waitlistEntries } from "~/db/schema";
import { handleWaitlistPost } from "~/features/waitlist/staff-waitlist.server";
import { addDaysIso, todayIn } from "~/lib/dates";
import { db } from "~/utils/db.server";
import { addStaff, flashOf, formPost, replyOf, useAppDatabase } from "../../../support/app-db";
import { insertShow } from "../../../support/shows";

useAppDatabase("staff-waitlist");

const soon = addDaysIso(todayIn(), 10);
const later = addDaysIso(todayIn(), 17);
const series = () =>
  insertShow(db(), { title: "Two Tuesdays", date: soon }, [{ date: soon }, { date: later }]);
const soldOut = (eventId: number) =>
  Object.fromEntries(
    db()
      .select({ date: eventDates.date, soldOut: eventDates.soldOut })
      .from(eventDates)
      .where(eq(eventDates.eventId, eventId))
      .all()
      .map((d) => [d.date, d.soldOut]),
  );

describe("a waitlist row's buttons", () => {
  it("a date that is not a date, or an unknown intent: 400 with the message, no date changed", async () => {
    const staff = addStaff("waitlist-a");
    const show = series();
    const notADate = await handleWaitlistPost(
      formPost("/admin/waitlist", { intent: "date-sold-out", eventId: String(show.id), date: "2026-02-30" }),
      staff,
    );
    expect(notADate.status).toBe(400);
    expect((await replyOf(notADate)).error).toEqual({ date: ["Choose a date."] });
    const unknown = await handleWaitlistPost(
      formPost("/admin/waitlist", { intent: "sell-everything", eventId: String(show.id), date: soon }),
      staff,
    );
    expect(unknown.status).toBe(400);
    expect(soldOut(show.id)).toEqual({ [soon]: false, [later]: false });
  });

  it("sold out marks that date only; available again queues an e-mail to the people waiting", async () => {
    const staff = addStaff("waitlist-b");
    const show = series();
    const post = (intent: string) =>
      handleWaitlistPost(
        formPost("/admin/waitlist", { intent, eventId: String(show.id), date: soon }),
        staff,
      );
    const marked = await post("date-sold-out");
    expect([marked.status, marked.headers.get("Location")]).toEqual([302, "/admin/waitlist"]);
    expect((await flashOf(marked))?.message).toMatch(/marked sold out\.$/);
    expect(soldOut(show.id)).toEqual({ [soon]: true, [later]: false });

    // Someone confirmed on that date's waitlist (double opt-in: only confirmed rows are e-mailed).
    db()
      .insert(waitlistEntries)
      .values({
        eventId: show.id,
        date: soon,
        email: "fan@example.com",
        emailKey: "fan@example.com",
        token: "fan-token-0123456789abcdef",
        consentVersion: "test",
        source: "/event",
        confirmedAt: new Date(),
      })
      .run();
    const freed = await post("date-available");
    expect((await flashOf(freed))?.message).toMatch(
      /marked available\. 1 waiting person is being e-mailed\.$/,
    );
    expect(soldOut(show.id)).toEqual({ [soon]: false, [later]: false });
    expect(
      db()
        .select({ to: outbox.toAddress })
        .from(outbox)
        .all()
        .map((m) => m.to),
    ).toContain("fan@example.com");
  });
});
