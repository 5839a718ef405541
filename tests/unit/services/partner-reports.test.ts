/**
 * Partner reports (issue 41, item 6): the venue's recipients as staff type them, the week a
 * report belongs to and when it is due, the numbers it carries (seats sold and capacity, the
 * waitlist's confirmed demand, check-ins of the shows gone by), the mail queued once per venue
 * and week through the outbox, and the signed read-only link that expires.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outbox, partnerReports, ticketHolders, venues, waitlistEntries } from "~/db/schema";
import { todayIn } from "~/lib/dates";
import { venueFormSchema } from "~/lib/forms/venue";
import {
  MAX_RECIPIENTS,
  parseRecipients,
  partnerReportMail,
  reportDue,
  reportWindow,
  seatsText,
  weekOf,
} from "~/lib/partner-report";
import { zonedInstant } from "~/lib/zoned-time";
import { venueReport } from "~/models/partner-reports.server";
import { sendDueReports } from "~/services/partner-reports.server";
import type { DB } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { partnerLinkToken, partnerReportLink, readPartnerToken } from "~/utils/partner-link.server";
import { createTestDb } from "../../support/db";
import { insertShow } from "../../support/shows";

const ZONE = "America/Toronto";
/** Monday 7 December 2026 in Windsor, at a given hour. */
const monday = (time: string) => zonedInstant("2026-12-07", time, ZONE);

describe("the recipients staff set on a venue", () => {
  it("takes one address a line or separated by commas, lower-cased, each once", () => {
    expect(parseRecipients("Owner@Bar.ca\n  books@bar.ca, owner@bar.ca;events@bar.ca\n")).toEqual({
      ok: true,
      value: ["owner@bar.ca", "books@bar.ca", "events@bar.ca"],
    });
    expect(parseRecipients("   ")).toEqual({ ok: true, value: [] });
  });

  it("refuses what is not an address, and more than the cap", () => {
    expect(parseRecipients("owner@bar.ca\nnot-an-address")).toEqual({
      ok: false,
      message: "Not an e-mail address: not-an-address",
    });
    expect(parseRecipients("a@b").ok).toBe(false);
    const many = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `p${i}@bar.ca`).join("\n");
    expect(parseRecipients(many)).toEqual({ ok: false, message: `At most ${MAX_RECIPIENTS} recipients` });
    expect(parseRecipients(many.split("\n").slice(1).join("\n")).ok).toBe(true);
  });

  it("the venue form stores them one a line, nothing when empty, and names the bad one", () => {
    const base = { name: "The Room", isClub: "", isWinery: "" };
    const ok = venueFormSchema.safeParse({ ...base, reportRecipients: "A@x.ca, b@y.ca" });
    expect(ok.success && ok.data.reportRecipients).toBe("a@x.ca\nb@y.ca");
    const empty = venueFormSchema.safeParse({ ...base, reportRecipients: "" });
    expect(empty.success && empty.data.reportRecipients).toBeNull();
    const bad = venueFormSchema.safeParse({ ...base, reportRecipients: "a@x.ca\nnope" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toMatchObject([
      { path: ["reportRecipients"], message: "Not an e-mail address: nope" },
    ]);
  });
});

describe("the week a report belongs to", () => {
  it("is the week's Monday, whatever the day", () => {
    expect(weekOf("2026-12-07")).toBe("2026-12-07"); // Monday
    expect(weekOf("2026-12-09")).toBe("2026-12-07");
    expect(weekOf("2026-12-13")).toBe("2026-12-07"); // Sunday: the week that began on Monday
    expect(weekOf("2027-01-01")).toBe("2026-12-28"); // across the year
  });

  it("is due on Monday from 9 AM, and any later day of the week (a server down on Monday)", () => {
    expect(reportDue("2026-12-07", 8)).toBe(false);
    expect(reportDue("2026-12-07", 9)).toBe(true);
    expect(reportDue("2026-12-08", 0)).toBe(true);
    expect(reportDue("2026-12-13", 23)).toBe(true);
  });

  it("covers last week (check-ins) and the four weeks ahead (sales)", () => {
    expect(reportWindow("2026-12-07")).toEqual({ from: "2026-11-30", to: "2027-01-03" });
  });

  it("says seats as the platform gave them, never invented", () => {
    expect(seatsText({ sold: 40, capacity: 100, soldOut: false })).toBe("40 of 100");
    expect(seatsText({ sold: 100, capacity: 100, soldOut: false })).toBe("100 of 100 (sold out)");
    expect(seatsText({ sold: null, capacity: null, soldOut: true })).toBe("sold out");
    expect(seatsText({ sold: null, capacity: null, soldOut: false })).toBe("not known");
  });
});

describe("the report's read-only link", () => {
  afterEach(() => {
    delete process.env.SESSION_SECRET;
    resetEnvCache();
  });

  it("opens its venue's report until the end of its last day, then says it expired", () => {
    const link = partnerReportLink(3, "2026-12-07", "https://site.example", ZONE);
    expect(link.lastDay).toBe("2026-12-20");
    const token = link.url.replace("https://site.example/partners/", "");
    const lastMinute = zonedInstant("2026-12-20", "23:59", ZONE);
    expect(readPartnerToken(token, lastMinute)).toMatchObject({ venueId: 3 });
    expect(readPartnerToken(token, zonedInstant("2026-12-21", "00:00", ZONE))).toBe("expired");
  });

  it("cannot be turned to another venue or a later expiry, and a new SESSION_SECRET ends it", () => {
    const now = monday("10:00");
    const token = partnerLinkToken(3, zonedInstant("2026-12-21", "00:00", ZONE));
    const [venue, expires, signature] = token.split(".");
    expect(readPartnerToken(`4.${expires}.${signature}`, now)).toBeNull();
    expect(readPartnerToken(`${venue}.${Number(expires) + 86_400}.${signature}`, now)).toBeNull();
    expect(readPartnerToken(`${token}x`, now)).toBeNull();
    expect(readPartnerToken("../../admin", now)).toBeNull();
    process.env.SESSION_SECRET = "another-session-secret-0123456789";
    resetEnvCache();
    expect(readPartnerToken(token, now)).toBeNull();
  });
});

describe("the weekly report", () => {
  let database: DB;
  let venueId: number;
  let other: number;
  beforeEach(() => {
    database = createTestDb();
    venueId = database
      .insert(venues)
      .values({ name: "The Room", slug: "the-room", reportRecipients: "owner@room.ca\nbooks@room.ca" })
      .returning()
      .get().id;
    other = database.insert(venues).values({ name: "Elsewhere", slug: "elsewhere" }).returning().get().id;
  });

  /** Last week's show (two tickets, one checked in), next week's (40 of 100 sold, a waitlist), a series. */
  function fill() {
    const past = insertShow(database, {
      title: "Last Week",
      date: "2026-12-03",
      time: "20:00",
      venueId,
      seatsSold: 2,
      seatsTotal: 50,
      archivedAt: new Date(),
    });
    for (const [i, checkedIn] of [true, false].entries())
      database
        .insert(ticketHolders)
        .values({
          eventId: past.id,
          date: "2026-12-03",
          attendeeId: `a${i}`,
          orderId: "o1",
          emailHash: `h${i}`,
          checkedIn,
        })
        .run();
    const next = insertShow(database, {
      title: "Next Week",
      date: "2026-12-12",
      time: "19:30",
      venueId,
      seatsSold: 40,
      seatsTotal: 100,
    });
    const wait = (email: string, confirmed: boolean) =>
      database
        .insert(waitlistEntries)
        .values({
          eventId: next.id,
          date: "2026-12-12",
          email,
          emailKey: email,
          token: `t-${email}`,
          consentVersion: "1",
          source: "test",
          confirmedAt: confirmed ? new Date() : null,
        })
        .run();
    wait("one@x.ca", true);
    wait("two@x.ca", true);
    wait("unconfirmed@x.ca", false);
    insertShow(database, { title: "Series", date: "2026-12-10", time: "21:00", venueId }, [
      { date: "2026-12-10", seatsSold: 10, seatsTotal: 10, soldOut: true },
      { date: "2026-12-17", time: "22:00" },
      { date: "2027-02-04" }, // beyond the four weeks ahead
    ]);
    insertShow(database, { title: "Too Far", date: "2027-01-20", venueId });
    insertShow(database, { title: "Other Venue", date: "2026-12-12", venueId: other });
  }

  it("lists each performance of the five weeks with its seats, confirmed waitlist and check-ins", () => {
    fill();
    const rows = venueReport(venueId, reportWindow("2026-12-07"), "2026-12-07", database);
    expect(rows).toEqual([
      {
        title: "Last Week",
        date: "2026-12-03",
        time: "20:00",
        sold: 2,
        capacity: 50,
        soldOut: false,
        waitlist: 0,
        checkIns: 1,
      },
      expect.objectContaining({ title: "Series", date: "2026-12-10", sold: 10, capacity: 10, soldOut: true }),
      {
        title: "Next Week",
        date: "2026-12-12",
        time: "19:30",
        sold: 40,
        capacity: 100,
        soldOut: false,
        waitlist: 2,
        checkIns: null,
      },
      expect.objectContaining({
        title: "Series",
        date: "2026-12-17",
        time: "22:00",
        sold: null,
        checkIns: null,
      }),
    ]);
  });

  it("goes out on Monday from 9 AM to every recipient, through the outbox, once a week", () => {
    fill();
    const origin = "https://site.example";
    expect(sendDueReports({ now: monday("08:59"), database, origin })).toBe(0);
    expect(database.select().from(outbox).all()).toHaveLength(0);

    expect(sendDueReports({ now: monday("09:00"), database, origin })).toBe(1);
    const mails = database.select().from(outbox).all();
    expect(mails.map((m) => [m.kind, m.toAddress, m.refId])).toEqual([
      ["partner-report", "owner@room.ca", venueId],
      ["partner-report", "books@room.ca", venueId],
    ]);
    const body = mails[0].body;
    expect(mails[0].subject).toMatch(/weekly report for The Room, week of .*December 7/);
    expect(body).toMatch(/- Next Week, .*December 12.* tickets 40 of 100; waitlist 2\n/);
    expect(body).toMatch(/- Last Week, .*December 3.* tickets 2 of 50; waitlist 0; checked in 1\n/);
    expect(body).toMatch(/- Series, .*December 10.* tickets 10 of 10 \(sold out\)/);
    expect(body).not.toMatch(/Too Far|Other Venue|February/);
    const url = /https:\/\/site\.example\/partners\/(\S+)/.exec(body)!;
    expect(readPartnerToken(url[1], monday("09:00"))).toMatchObject({ venueId });
    expect(body).toMatch(/until the end of .*December 20/);

    // The rest of the week (a second process, a restart): nothing twice.
    expect(sendDueReports({ now: monday("10:00"), database, origin })).toBe(0);
    expect(sendDueReports({ now: zonedInstant("2026-12-11", "12:00", ZONE), database, origin })).toBe(0);
    expect(database.select().from(outbox).all()).toHaveLength(2);
    expect(database.select().from(partnerReports).all()).toMatchObject([
      { venueId, week: "2026-12-07", recipients: 2 },
    ]);
    // The next Monday: the next week's report.
    expect(sendDueReports({ now: zonedInstant("2026-12-14", "09:30", ZONE), database, origin })).toBe(1);
  });

  it("sends nothing to a venue with no show in the five weeks, nor to one without recipients", () => {
    insertShow(database, { title: "Other Venue", date: "2026-12-12", venueId: other });
    expect(sendDueReports({ now: monday("12:00"), database, origin: "https://site.example" })).toBe(0);
    database.update(venues).set({ reportRecipients: null }).where(eq(venues.id, venueId)).run();
    insertShow(database, { title: "Here", date: "2026-12-12", venueId });
    expect(sendDueReports({ now: monday("12:00"), database, origin: "https://site.example" })).toBe(0);
    expect(database.select().from(outbox).all()).toHaveLength(0);
  });

  it("the mail without shows says so (the page uses the same words)", () => {
    const mail = partnerReportMail({
      venue: "The Room",
      week: "2026-12-07",
      rows: [],
      link: "https://site.example/partners/x",
      lastDay: "2026-12-20",
      site: "Site",
    });
    expect(mail.text).toContain("No shows in these five weeks.");
    expect(todayIn(ZONE, monday("09:00"))).toBe("2026-12-07");
  });
});
