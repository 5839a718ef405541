import { describe, expect, it } from "vitest";
import { CURRENT_CONSENT } from "~/lib/consent";
import { waitlistSchema } from "~/lib/forms/waitlist";
import { afterFailure, backoffMs, isPermanentFailure, OUTBOX_DEFAULTS } from "~/lib/outbox";
import {
  becameAvailable,
  canJoinWaitlist,
  dueForNotice,
  isWaitlistExpired,
  NOTIFY_COOLDOWN_MS,
  sendNowMessage,
  waitlistEmail,
  waitlistPromise,
} from "~/lib/waitlist";
import { waitlistCsv } from "~/lib/waitlist-csv";

const now = new Date("2026-11-20T20:00:00Z");

const consent = CURRENT_CONSENT.waitlist;

describe("when the waitlist is told", () => {
  it("only a change from sold out to available tells anyone", () => {
    expect(becameAvailable(true, false)).toBe(true);
    expect(becameAvailable(false, false)).toBe(false);
    expect(becameAvailable(false, true)).toBe(false);
    expect(becameAvailable(true, true)).toBe(false);
  });

  it("tells someone never told, and not again within a day of the last e-mail", () => {
    expect(dueForNotice({ notifiedAt: null }, now)).toBe(true);
    expect(dueForNotice({ notifiedAt: new Date(now.getTime() - 60_000) }, now)).toBe(false);
    expect(dueForNotice({ notifiedAt: new Date(now.getTime() - NOTIFY_COOLDOWN_MS + 1) }, now)).toBe(false);
    expect(dueForNotice({ notifiedAt: new Date(now.getTime() - NOTIFY_COOLDOWN_MS) }, now)).toBe(true);
  });

  it("takes sign-ups only for a sold-out, current, upcoming performance; clears lists after the show", () => {
    expect(canJoinWaitlist({ soldOut: true, archived: false, date: "2026-11-21", today: "2026-11-20" })).toBe(
      true,
    );
    expect(canJoinWaitlist({ soldOut: true, archived: false, date: "2026-11-20", today: "2026-11-20" })).toBe(
      true,
    );
    expect(
      canJoinWaitlist({ soldOut: false, archived: false, date: "2026-11-21", today: "2026-11-20" }),
    ).toBe(false);
    expect(canJoinWaitlist({ soldOut: true, archived: false, date: "2026-11-19", today: "2026-11-20" })).toBe(
      false,
    );
    expect(canJoinWaitlist({ soldOut: true, archived: true, date: "2026-11-21", today: "2026-11-20" })).toBe(
      false,
    );
    expect(isWaitlistExpired("2026-11-19", "2026-11-20")).toBe(true);
    expect(isWaitlistExpired("2026-11-20", "2026-11-20")).toBe(false);
  });

  it("the e-mail carries the ticket link (the outbox adds the sender and the unsubscribe: promotional-mail.test.ts)", () => {
    const mail = waitlistEmail({
      title: "Friday Night Laughs",
      date: "2026-11-27",
      time: "20:00",
      ticketUrl: "https://tickets.example/1",
      pageUrl: "https://laugh.example/event/1?date=2026-11-27",
    });
    expect(mail.subject).toContain("Friday Night Laughs");
    expect(mail.text).toContain("https://tickets.example/1");
  });

  it("the form wants a valid address and a date", () => {
    expect(
      waitlistSchema.safeParse({ email: " Sam@Example.com ", date: "2026-11-27", consent }),
    ).toMatchObject({
      success: true,
      data: { email: "sam@example.com" },
    });
    expect(waitlistSchema.safeParse({ email: "nope", date: "2026-11-27", consent }).success).toBe(false);
    expect(waitlistSchema.safeParse({ email: "a@b.ca", date: "2026-02-30", consent }).success).toBe(false);
  });

  it("takes a date with spaces around it, and asks to choose one when it is missing or not a date", () => {
    expect(waitlistSchema.safeParse({ email: "a@b.ca", date: " 2026-11-27 ", consent }).data?.date).toBe(
      "2026-11-27",
    );
    const message = (date: unknown) =>
      waitlistSchema.safeParse({ email: "a@b.ca", date, consent }).error?.issues.map((i) => i.message);
    expect(message(undefined)).toEqual(["Choose a date"]);
    expect(message("tomorrow")).toEqual(["Choose a date"]);
  });
});

describe("outbox retries", () => {
  it("backs off exponentially up to a cap", () => {
    expect(backoffMs(1, 1000, 60_000)).toBe(1000);
    expect(backoffMs(2, 1000, 60_000)).toBe(2000);
    expect(backoffMs(5, 1000, 60_000)).toBe(16_000);
    expect(backoffMs(50, 1000, 60_000)).toBe(60_000);
  });

  it("gives up at once on a 5xx answer and after the last attempt; retries connection failures", () => {
    const refused = Object.assign(new Error("550"), { responseCode: 550 });
    const busy = Object.assign(new Error("451"), { responseCode: 451 });
    const down = Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" });
    expect(isPermanentFailure(refused)).toBe(true);
    expect(afterFailure(refused, 1, now)).toEqual({ status: "failed" });
    expect(afterFailure(busy, 1, now, { retryBaseMs: 1000 })).toEqual({
      status: "pending",
      nextAttemptAt: new Date(now.getTime() + 1000),
    });
    expect(afterFailure(down, 3, now, { retryBaseMs: 1000 })).toEqual({
      status: "pending",
      nextAttemptAt: new Date(now.getTime() + 4000),
    });
    expect(afterFailure(down, 5, now, { maxAttempts: 5 })).toEqual({ status: "failed" });
  });

  it("only a 5xx answer is permanent", () => {
    const answer = (responseCode: unknown) => Object.assign(new Error("smtp"), { responseCode });
    expect(isPermanentFailure(answer(500))).toBe(true);
    expect(isPermanentFailure(answer(599))).toBe(true);
    expect(isPermanentFailure(answer(499))).toBe(false);
    expect(isPermanentFailure(answer(600))).toBe(false);
    expect(isPermanentFailure(answer("550"))).toBe(false);
    expect(isPermanentFailure(null)).toBe(false);
    expect(isPermanentFailure(undefined)).toBe(false);
  });

  it("by default: first retry after 30 s, never more than an hour apart, given up after the 40th try", () => {
    const down = new Error("connect ECONNREFUSED");
    const at = (ms: number) => ({ status: "pending", nextAttemptAt: new Date(now.getTime() + ms) });
    expect(afterFailure(down, 1, now)).toEqual(at(30_000));
    expect(afterFailure(down, 2, now)).toEqual(at(60_000));
    expect(afterFailure(down, 20, now)).toEqual(at(3_600_000));
    expect(afterFailure(down, 39, now)).toEqual(at(3_600_000));
    expect(afterFailure(down, 40, now)).toEqual({ status: "failed" });
    expect(backoffMs(1)).toBe(30_000);
    // A first try counted as 0 failures still waits the base delay, not half of it.
    expect(backoffMs(0, 1000, 60_000)).toBe(1000);
    // A sender that crashed gives its claimed messages back after two minutes.
    expect(OUTBOX_DEFAULTS.leaseMs).toBe(120_000);
  });
});

describe("the staff export", () => {
  it("one row per address under a header; a title or address that starts a formula is defused", () => {
    const csv = waitlistCsv([
      {
        title: '=HYPERLINK("http://evil")',
        eventId: 7,
        date: "2026-11-27",
        email: "ann@example.com",
        joined: "2026-11-20 19:00",
        notified: "",
      },
      {
        title: "Friday, Late",
        eventId: 7,
        date: "2026-11-27",
        email: "+1@example.com",
        joined: "2026-11-20 19:05",
        notified: "2026-11-21 09:00",
      },
    ]);
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("Show,Show id,Date,Email,Joined,Last e-mailed");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"")",7,2026-11-27,ann@example.com,2026-11-20 19:00,`);
    expect(lines[2]).toBe(`"Friday, Late",7,2026-11-27,'+1@example.com,2026-11-20 19:05,2026-11-21 09:00`);
  });
});

describe("what the waitlist says", () => {
  const promise =
    "We'll e-mail you once if tickets for Friday, November 27, 2026 become available again, with the link to buy them. Your address is used for nothing else and is deleted after the show.";

  it("promises one e-mail, for that date, and that the address is deleted after the show", () => {
    expect(waitlistPromise("2026-11-27")).toBe(promise);
  });

  it("the e-mail in full: with a ticket link it also links the show page; without, the page is the link", () => {
    const input = {
      title: "Friday Night Laughs",
      date: "2026-11-27",
      time: "20:00",
      ticketUrl: "https://tickets.example/1",
      pageUrl: "https://laugh.example/event/1",
    };
    const tail = [
      "",
      "They go fast: we tell everyone on the list at the same time.",
      "",
      "You asked us to tell you when tickets free up.",
      "",
    ];
    const withTickets = waitlistEmail(input);
    expect(withTickets.subject).toBe("Tickets available: Friday Night Laughs (Friday, November 27, 2026)");
    expect(withTickets.text).toBe(
      [
        "Good news: tickets for Friday Night Laughs on Friday, November 27, 2026 at 8:00 PM are available again.",
        "",
        "Get them here: https://tickets.example/1",
        "Show details: https://laugh.example/event/1",
        ...tail,
      ].join("\n"),
    );
    expect(waitlistEmail({ ...input, ticketUrl: null }).text).toBe(
      [
        "Good news: tickets for Friday Night Laughs on Friday, November 27, 2026 at 8:00 PM are available again.",
        "",
        "Get them here: https://laugh.example/event/1",
        ...tail,
      ].join("\n"),
    );
  });

  it("Send now: says why nobody was told, for each reason", () => {
    const day = "Friday, November 27, 2026";
    expect(sendNowMessage({ queued: 0, reason: "not-found" }, day)).toEqual({
      type: "error",
      message: "That show no longer exists or is archived.",
    });
    expect(sendNowMessage({ queued: 0, reason: "called-off" }, day)).toEqual({
      type: "info",
      message: `Nobody e-mailed: the show on ${day} is called off.`,
    });
    expect(sendNowMessage({ queued: 0, reason: "sold-out" }, day)).toEqual({
      type: "info",
      message: `Nobody e-mailed: ${day} is still sold out. Mark it available to tell the list.`,
    });
    expect(sendNowMessage({ queued: 0, reason: "nobody-waiting" }, day)).toEqual({
      type: "info",
      message: `Nobody is waiting for ${day}.`,
    });
    expect(sendNowMessage({ queued: 0, reason: null }, day).message).toBe(
      `0 waiting people are being e-mailed about ${day}.`,
    );
  });

  it("keeps a day between two e-mails to one address", () => {
    expect(NOTIFY_COOLDOWN_MS).toBe(86_400_000);
  });
});
