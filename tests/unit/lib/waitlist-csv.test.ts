import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { waitlistCsv } from "~/lib/waitlist-csv";

describe("waitlistCsv (the staff export)", () => {
  it("has a header row and one row per person, in the given order", () => {
    const csv = waitlistCsv([
      {
        title: "Friday Laughs",
        eventId: 7,
        date: "2026-06-05",
        email: "a@example.com",
        joined: "Jun 1, 2026 7:00 PM",
        notified: "",
      },
      {
        title: "Friday Laughs",
        eventId: 7,
        date: "2026-06-05",
        email: "b@example.com",
        joined: "Jun 2, 2026 8:00 PM",
        notified: "Jun 3, 2026 9:00 AM",
      },
    ]);
    expect(parse(csv)).toEqual([
      ["Show", "Show id", "Date", "Email", "Joined", "Last e-mailed"],
      ["Friday Laughs", "7", "2026-06-05", "a@example.com", "Jun 1, 2026 7:00 PM", ""],
      ["Friday Laughs", "7", "2026-06-05", "b@example.com", "Jun 2, 2026 8:00 PM", "Jun 3, 2026 9:00 AM"],
    ]);
  });

  it("defuses a title or e-mail a spreadsheet would run as a formula", () => {
    const csv = waitlistCsv([
      {
        title: '=HYPERLINK("x")',
        eventId: 1,
        date: "2026-06-05",
        email: "+1@example.com",
        joined: "",
        notified: "",
      },
    ]);
    const [, row] = parse(csv);
    expect(row[0]).toBe('\'=HYPERLINK("x")');
    expect(row[3]).toBe("'+1@example.com");
  });

  it("is the header alone when nobody is waiting", () => {
    expect(parse(waitlistCsv([]))).toEqual([["Show", "Show id", "Date", "Email", "Joined", "Last e-mailed"]]);
  });
});
