import { describe, expect, it } from "vitest";
import {
  addDaysIso,
  dateNeedsYear,
  formatCardDate,
  formatLongDate,
  formatMonthYear,
  formatTime12,
  formatWeekdayShort,
  isIsoDate,
  normalizeTime,
  nowTimeIn,
  todayIn,
} from "~/lib/dates";
import { formatInZone, zonedInstant, zonedIso } from "~/lib/zoned-time";

describe("today in Toronto", () => {
  it("is still yesterday in Toronto late at night UTC", () => {
    // 03:30 UTC on 1 March is 22:30 on 28 February in Toronto (EST, UTC-5).
    expect(todayIn("America/Toronto", new Date("2026-03-01T03:30:00Z"))).toBe("2026-02-28");
    expect(todayIn("UTC", new Date("2026-03-01T03:30:00Z"))).toBe("2026-03-01");
  });

  it("turns over at Toronto midnight across daylight saving time", () => {
    // EDT is UTC-4: midnight in Toronto on 1 July is 04:00 UTC.
    expect(todayIn("America/Toronto", new Date("2026-07-01T03:59:59Z"))).toBe("2026-06-30");
    expect(todayIn("America/Toronto", new Date("2026-07-01T04:00:00Z"))).toBe("2026-07-01");
  });

  it("does not depend on the server's own zone", () => {
    const before = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
    try {
      expect(todayIn("America/Toronto", new Date("2026-11-22T02:00:00Z"))).toBe("2026-11-21");
    } finally {
      process.env.TZ = before;
    }
  });
});

describe("times and dates", () => {
  it("normalises 12- and 24-hour input to HH:MM", () => {
    expect(normalizeTime("7:00 PM")).toBe("19:00");
    expect(normalizeTime("7 pm")).toBe("19:00");
    expect(normalizeTime("12:15 AM")).toBe("00:15");
    expect(normalizeTime("12:00 p.m.")).toBe("12:00");
    expect(normalizeTime("19:30:00")).toBe("19:30");
    expect(normalizeTime("9:05")).toBe("09:05");
    expect(normalizeTime("25:00")).toBeNull();
    expect(normalizeTime("13 pm")).toBeNull();
    expect(normalizeTime("soon")).toBeNull();
  });

  it("refuses a date or a time with anything before or after it", () => {
    for (const bad of ["12026-05-16", "on 2026-05-16", "2026-05-16T19:30", "2026-05-16 8 pm"]) {
      expect(isIsoDate(bad), bad).toBe(false);
      expect(formatLongDate(bad), bad).toBe(bad);
    }
    for (const bad of ["119:30", "at 19:30", "19:30:15.250", "19:30 tonight"]) {
      expect(normalizeTime(bad), bad).toBeNull();
    }
  });

  it("shows times as 12-hour clock", () => {
    expect(formatTime12("19:00")).toBe("7:00 PM");
    expect(formatTime12("00:30")).toBe("12:30 AM");
    expect(formatTime12("12:00")).toBe("12:00 PM");
    expect(formatTime12("7:00 PM")).toBe("7:00 PM");
  });

  it("validates and formats ISO dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-2-3")).toBe(false);
    // Days past the month's end, day 00, month 00 or 13, and years Date would read as 19xx.
    for (const bad of ["2026-01-32", "2026-04-31", "2026-03-00", "2026-00-10", "2026-13-01", "0050-01-01"]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-12-31")).toBe(true);
    expect(formatLongDate("2026-05-16")).toBe("Saturday, May 16, 2026");
    expect(addDaysIso("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("gives the Toronto offset of each date", () => {
    expect(zonedIso("2026-05-16", "19:30")).toBe("2026-05-16T19:30:00-04:00");
    expect(zonedIso("2026-12-16", "19:30")).toBe("2026-12-16T19:30:00-05:00");
  });

  it("takes a show without a time as starting at midnight", () => {
    expect(zonedInstant("2026-05-16", null).toISOString()).toBe("2026-05-16T04:00:00.000Z");
    expect(zonedIso("2026-05-16", null)).toBe("2026-05-16T00:00:00-04:00");
  });

  it("formats an instant given as a Date or as milliseconds alike, in the zone", () => {
    const instant = new Date("2026-05-16T23:30:00Z");
    expect(formatInZone(instant, "yyyy-MM-dd HH:mm")).toBe("2026-05-16 19:30");
    expect(formatInZone(instant.getTime(), "yyyy-MM-dd HH:mm")).toBe("2026-05-16 19:30");
    expect(formatInZone(instant.getTime(), "yyyy-MM-dd HH:mm", "America/Vancouver")).toBe("2026-05-16 16:30");
  });
});

describe("the year on show dates (one rule: shown when not the current year in the business zone)", () => {
  // 23:30 on Dec 31 in Toronto is already 04:30 on Jan 1 in UTC.
  const newYearsEveToronto = new Date("2027-01-01T04:30:00Z");
  const torontoToday = todayIn("America/Toronto", newYearsEveToronto);
  const utcToday = todayIn("UTC", newYearsEveToronto);

  it("takes the current year from the business zone, not UTC", () => {
    expect(torontoToday).toBe("2026-12-31");
    expect(utcToday).toBe("2027-01-01");
    // In Toronto it is still 2026: tomorrow's show is next year's.
    expect(formatCardDate("2027-01-01", torontoToday)).toBe("Fri, Jan 1, 2027");
    expect(formatCardDate("2026-12-31", torontoToday)).toBe("Thu, Dec 31");
    // Read in UTC the answer flips, which is the bug a server in UTC would have.
    expect(formatCardDate("2027-01-01", utcToday)).toBe("Fri, Jan 1");
    expect(formatCardDate("2026-12-31", utcToday)).toBe("Thu, Dec 31, 2026");
  });

  it("at 00:30 on Jan 1 in Toronto the new year is current", () => {
    const today = todayIn("America/Toronto", new Date("2027-01-01T05:30:00Z"));
    expect(today).toBe("2027-01-01");
    expect(formatCardDate("2027-01-09", today)).toBe("Sat, Jan 9");
    expect(formatCardDate("2026-12-31", today)).toBe("Thu, Dec 31, 2026");
  });

  it("names the year of past and far-off dates both ways, and leaves odd input alone", () => {
    expect(dateNeedsYear("2025-06-01", "2026-03-01")).toBe(true);
    expect(dateNeedsYear("2028-06-01", "2026-03-01")).toBe(true);
    expect(dateNeedsYear("2026-06-01", "2026-03-01")).toBe(false);
    expect(dateNeedsYear("not a date", "2026-03-01")).toBe(false);
    expect(formatCardDate("TBA", "2026-03-01")).toBe("TBA");
  });

  it("long dates always carry the year; tile weekdays never do", () => {
    expect(formatLongDate("2027-01-09")).toBe("Saturday, January 9, 2027");
    expect(formatWeekdayShort("2027-01-09")).toBe("Sat");
  });
});

// Issue 19 (mutation testing): the edges of the clock a visitor would see shown wrongly.
describe("clock edges", () => {
  it("accepts the last minute of the day and refuses the minute after", () => {
    expect(normalizeTime("23:59")).toBe("23:59");
    expect(normalizeTime("24:00")).toBeNull();
    expect(normalizeTime("12:60")).toBeNull();
    expect(normalizeTime("11:59 pm")).toBe("23:59");
    expect(normalizeTime("11:60 pm")).toBeNull();
  });

  it("reads 12 am as midnight, 12 pm as noon, 1 am as one in the morning, and refuses hour 0 on a 12-hour clock", () => {
    expect(normalizeTime("12 am")).toBe("00:00");
    expect(normalizeTime("12 pm")).toBe("12:00");
    expect(normalizeTime("1 am")).toBe("01:00");
    expect(normalizeTime("1:05 PM")).toBe("13:05");
    expect(normalizeTime("0 am")).toBeNull();
  });

  it("ignores surrounding spaces and seconds, but not stray text", () => {
    expect(normalizeTime("  19:30:15 ")).toBe("19:30");
    expect(normalizeTime("7:30pm")).toBe("19:30");
    expect(normalizeTime("doors 7:30pm")).toBeNull();
    expect(normalizeTime("7:30pm sharp")).toBeNull();
    expect(normalizeTime("19:3")).toBeNull();
    expect(normalizeTime("")).toBeNull();
    expect(normalizeTime(null)).toBeNull();
  });

  it("shows an unreadable or missing time as it was", () => {
    expect(formatTime12("whenever")).toBe("whenever");
    expect(formatTime12(null)).toBe("");
    expect(formatTime12("11:05")).toBe("11:05 AM");
    expect(formatTime12("23:45")).toBe("11:45 PM");
  });

  it("names the month of a month or of a date", () => {
    expect(formatMonthYear("2026-05")).toBe("May 2026");
    expect(formatMonthYear("2026-12-31")).toBe("December 2026");
    expect(formatMonthYear("2026-13")).toBe("2026-13");
  });

  it("writes every day of four years (a leap year among them) as Intl's en-US does", () => {
    const intl = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options });
    const long = intl({ weekday: "long", month: "long", day: "numeric", year: "numeric" });
    const card = intl({ weekday: "short", month: "short", day: "numeric" });
    const cardYear = intl({ weekday: "short", month: "short", day: "numeric", year: "numeric" });
    const weekday = intl({ weekday: "short" });
    const monthYear = intl({ month: "long", year: "numeric" });
    let checked = 0;
    for (let day = "2026-01-01"; day < "2030-01-01"; day = addDaysIso(day, 1)) {
      const at = new Date(`${day}T00:00:00Z`);
      expect(formatLongDate(day)).toBe(long.format(at));
      expect(formatCardDate(day, day)).toBe(card.format(at));
      expect(formatCardDate(day, "2025-06-01")).toBe(cardYear.format(at));
      expect(formatWeekdayShort(day)).toBe(weekday.format(at));
      expect(formatMonthYear(day)).toBe(monthYear.format(at));
      checked++;
    }
    expect(checked).toBe(365 * 4 + 1);
  });

  it("reads the wall clock in the zone asked for", () => {
    const now = new Date("2026-07-01T03:05:00Z");
    expect(nowTimeIn("America/Toronto", now)).toBe("23:05");
    expect(nowTimeIn("UTC", now)).toBe("03:05");
    expect(todayIn("UTC", now)).toBe("2026-07-01");
    expect(todayIn("America/Toronto", now)).toBe("2026-06-30");
  });
});
