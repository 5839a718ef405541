import { describe, expect, it } from "vitest";
import {
  BOOKING_AUTO_REFRESH_MS,
  BOOKING_EMPTY_MESSAGE,
  BOOKING_FALLBACK_MESSAGE,
  describeAge,
  isStatusColumn,
  SAMPLE_BOOKING,
  sampleBooking,
  staleCopyNotice,
  statusTone,
} from "~/lib/booking";
import { BookingCsvError, parseBookingCsv } from "~/lib/booking-csv";
import { gateSchema } from "~/lib/forms/gate";
import { SHEET_OK_CSV } from "../../fakes/sheet";

/**
 * The booking schedule's pure rules (app/lib/booking.ts, booking-csv.ts): what staff read on
 * /booking. The sheet service (fetching, caching, fallback) is tested in tests/unit/services/booking-sheet.test.ts.
 */

describe("booking CSV", () => {
  it("parses quoted commas, doubled quotes and newlines inside cells, with lower-cased headers", () => {
    const table = parseBookingCsv(SHEET_OK_CSV);
    expect(table.columns).toEqual(["date", "venue", "time", "status", "notes"]);
    expect(table.rows).toHaveLength(4); // the blank row is dropped
    expect(table.rows[0]).toEqual({
      date: "2026-12-04",
      venue: "Tipsy Toucan, Windsor",
      time: "8:00 PM",
      status: "CONFIRMED",
      notes: 'Headliner: Sam "The Ham" Lee',
    });
    expect(table.rows[1].notes).toBe("Load-in 6 PM\r\nSound check 6:30 PM");
  });

  it("reads an empty sheet or a header alone as no rows", () => {
    expect(parseBookingCsv("")).toEqual({ columns: [], rows: [] });
    expect(parseBookingCsv("Date,Venue\n")).toEqual({ columns: ["date", "venue"], rows: [] });
  });

  it("tolerates short rows, a byte-order mark and duplicate headers", () => {
    const table = parseBookingCsv("\uFEFFDate,Venue,Date\n2026-01-01\n");
    expect(table.columns).toEqual(["date", "venue"]);
    expect(table.rows).toEqual([{ date: "2026-01-01", venue: "" }]);
  });

  it("refuses a web page instead of CSV and broken quoting", () => {
    expect(() => parseBookingCsv("<!DOCTYPE html><html></html>")).toThrow(BookingCsvError);
    expect(() => parseBookingCsv('a,b\n"unterminated,1\n')).toThrow(BookingCsvError);
  });
});

describe("booking display rules", () => {
  it("colours statuses case-insensitively and leaves others plain", () => {
    expect(statusTone("Confirmed")).toBe("confirmed");
    expect(statusTone(" CONFIRMED ")).toBe("confirmed");
    expect(statusTone("pending")).toBe("pending");
    expect(statusTone("Cancelled")).toBe("cancelled");
    expect(statusTone("canceled")).toBe("cancelled");
    expect(statusTone("Tentative")).toBeNull();
    expect(statusTone("")).toBeNull();
    expect(isStatusColumn("Status")).toBe(true);
    expect(isStatusColumn("notes")).toBe(false);
  });

  it("has five sample rows with the spec's columns", () => {
    expect(SAMPLE_BOOKING.columns).toEqual(["date", "venue", "time", "status", "notes"]);
    expect(SAMPLE_BOOKING.rows).toHaveLength(5);
  });

  it("says how old a copy is", () => {
    expect(describeAge(10_000)).toBe("less than a minute");
    expect(describeAge(60_000)).toBe("1 minute");
    expect(describeAge(42 * 60_000)).toBe("42 minutes");
    expect(describeAge(3 * 3600_000)).toBe("3 hours");
    expect(describeAge(4 * 86400_000)).toBe("4 days");
    expect(staleCopyNotice(2 * 3600_000)).toContain("from 2 hours ago");
  });
});

describe("sampleBooking", () => {
  it("dates the five sample rows on the Fridays after today, never in the past", () => {
    const table = sampleBooking("2026-11-23"); // a Monday
    expect(table.rows.map((r) => r.date)).toEqual([
      "2026-11-27",
      "2026-12-04",
      "2026-12-11",
      "2026-12-18",
      "2026-12-25",
    ]);
    expect(sampleBooking("2026-11-27").rows[0].date).toBe("2026-12-04"); // a Friday: the next one
    expect(sampleBooking("2026-12-31").rows[0].date).toBe("2027-01-01"); // across the year end
  });
});

describe("booking rules at their edges", () => {
  it("shows the spec's five sample bookings, each row whole", () => {
    expect(sampleBooking("2026-11-23").rows).toEqual([
      {
        date: "2026-11-27",
        venue: "Tipsy Toucan",
        time: "8:00 PM",
        status: "Confirmed",
        notes: "Headliner + 3 openers",
      },
      {
        date: "2026-12-04",
        venue: "Mastronardi Estate Winery",
        time: "7:30 PM",
        status: "Pending",
        notes: "Waiting on contract",
      },
      {
        date: "2026-12-11",
        venue: "Walkerville Brewery",
        time: "8:00 PM",
        status: "Confirmed",
        notes: "Sound check 6:30 PM",
      },
      {
        date: "2026-12-18",
        venue: "Tipsy Toucan",
        time: "9:00 PM",
        status: "Cancelled",
        notes: "Venue double-booked",
      },
      {
        date: "2026-12-25",
        venue: "Craft Heads Brewing",
        time: "8:00 PM",
        status: "Pending",
        notes: "Hold the date",
      },
    ]);
    // From a Saturday the next Friday is six days on.
    expect(sampleBooking("2026-11-28").rows[0].date).toBe("2026-12-04");
  });

  it("the samples the server starts with lie on Fridays after the day it started", () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const row of SAMPLE_BOOKING.rows) {
      expect(row.date > today).toBe(true);
      expect(new Date(`${row.date}T00:00:00Z`).getUTCDay()).toBe(5);
    }
  });

  it("colours only the status column, whatever its case or spaces, and nothing for a missing value", () => {
    expect(isStatusColumn(" STATUS ")).toBe(true);
    expect(isStatusColumn("statuses")).toBe(false);
    expect(statusTone(" Pending ")).toBe("pending");
    expect(statusTone("CANCELED")).toBe("cancelled");
    expect(statusTone(null)).toBeNull();
    expect(statusTone(undefined)).toBeNull();
  });

  it("counts age in whole minutes, hours under two days, then days", () => {
    expect(describeAge(-5_000)).toBe("less than a minute");
    expect(describeAge(59_999)).toBe("less than a minute");
    expect(describeAge(2 * 60_000)).toBe("2 minutes");
    expect(describeAge(59 * 60_000 + 59_999)).toBe("59 minutes");
    expect(describeAge(60 * 60_000)).toBe("1 hour");
    expect(describeAge(2 * 3600_000 - 1)).toBe("1 hour");
    expect(describeAge(47 * 3600_000 + 3599_999)).toBe("47 hours");
    expect(describeAge(48 * 3600_000)).toBe("2 days");
    expect(describeAge(71 * 3600_000)).toBe("2 days");
    expect(staleCopyNotice(5 * 60_000)).toBe(
      "The booking sheet could not be loaded just now. Showing the last good copy, from 5 minutes ago.",
    );
  });

  it("tells staff in the spec's words when the sheet failed or is empty", () => {
    // The texts /booking shows (docs/decisions/sync-and-booking.md; the e2e booking.spec.ts
    // looks for the same words): the sample-rows notice, the empty table. The wrong password's
    // words are the shared gate's (app/utils/gate.server.ts), checked on both gates by the e2e specs.
    expect(BOOKING_FALLBACK_MESSAGE).toBe("Failed to load data from Google Sheet. Using fallback data.");
    expect(BOOKING_EMPTY_MESSAGE).toBe("No booking data available.");
  });

  it("refreshes every five minutes", () => {
    expect(BOOKING_AUTO_REFRESH_MS).toBe(300_000);
  });

  it("the gate asks for a password when none is given", () => {
    expect(gateSchema.safeParse({ password: "x" }).success).toBe(true);
    for (const input of [{ password: "" }, {}]) {
      const result = gateSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe("Please enter the password");
    }
  });
});

describe("booking CSV at its edges", () => {
  it("reads leading blank lines and a byte-order mark as nothing, and refuses any page start", () => {
    expect(parseBookingCsv("\uFEFF  \n ")).toEqual({ columns: [], rows: [] });
    expect(parseBookingCsv("\n\nDate\n2026-01-02\n")).toEqual({
      columns: ["date"],
      rows: [{ date: "2026-01-02" }],
    });
    for (const page of ["<html><body>", "<HEAD>", "  <!doctype html>"]) {
      expect(() => parseBookingCsv(page)).toThrow("The sheet answered with a web page, not CSV");
    }
    // A quoted header after a byte-order mark is read as a header.
    expect(parseBookingCsv('\uFEFF"Date","Venue"\n2026-01-01,Toucan\n')).toEqual({
      columns: ["date", "venue"],
      rows: [{ date: "2026-01-01", venue: "Toucan" }],
    });
    // Only a page that starts like one is refused: markup further on is data.
    expect(parseBookingCsv("Notes\n<html> night\n").rows).toEqual([{ notes: "<html> night" }]);
    // A cell that merely starts with "<" further on is data.
    expect(parseBookingCsv("Notes\n<b>bold</b>\n").rows).toEqual([{ notes: "<b>bold</b>" }]);
  });

  it("says why a broken sheet is refused", () => {
    const error = (() => {
      try {
        parseBookingCsv('a,b\n"unterminated,1\n');
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.name).toBe("BookingCsvError");
    expect(error?.message).toMatch(/^The sheet is not valid CSV \(.+\)$/);
  });

  it("trims cells and headers, keeps the first of two same-named columns, drops rows of blanks", () => {
    const table = parseBookingCsv(" Date , Venue ,date\n 2026-01-01 , Toucan ,2027-01-01\n , ,\n");
    expect(table).toEqual({ columns: ["date", "venue"], rows: [{ date: "2026-01-01", venue: "Toucan" }] });
  });
});
