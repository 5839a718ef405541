import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { applicationsCsv, spreadsheetSafe } from "~/lib/applications-csv";

describe("applications CSV", () => {
  it("has a header and one row per application, and neutralises spreadsheet formulas", () => {
    const csv = applicationsCsv([
      {
        id: 1,
        fullName: '=HYPERLINK("x")',
        email: "a@example.com",
        mobileNumber: "+1 519 555 0100",
        isOver19: true,
        canAttendEvent: false,
        willAttendIfNotSelected: null,
        funBio: 'Funny, "really"\nfunny',
        acceptsTerms: true,
        submitted: "2026-05-10 20:00",
      },
    ]);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      full_name: '\'=HYPERLINK("x")',
      mobile_number: "'+1 519 555 0100",
      is_over_19: "yes",
      can_attend: "no",
      will_attend_if_not_selected: "",
      fun_bio: 'Funny, "really"\nfunny',
    });
    expect(spreadsheetSafe("plain")).toBe("plain");
  });

  it("names every column and writes each answer under its own", () => {
    const csv = applicationsCsv([
      {
        id: 7,
        fullName: "Sam Lee",
        email: "sam@example.com",
        mobileNumber: "519 555 0100",
        isOver19: false,
        canAttendEvent: true,
        willAttendIfNotSelected: true,
        funBio: "Dad jokes",
        acceptsTerms: true,
        submitted: "2026-05-10 20:00",
      },
    ]);
    expect(csv.split("\n")[0]).toBe(
      "id,full_name,email,mobile_number,is_over_19,can_attend,will_attend_if_not_selected,fun_bio,accepts_terms,submitted",
    );
    expect(parse(csv, { columns: true })).toEqual([
      {
        id: "7",
        full_name: "Sam Lee",
        email: "sam@example.com",
        mobile_number: "519 555 0100",
        is_over_19: "no",
        can_attend: "yes",
        will_attend_if_not_selected: "yes",
        fun_bio: "Dad jokes",
        accepts_terms: "yes",
        submitted: "2026-05-10 20:00",
      },
    ]);
  });

  it("defuses every cell a spreadsheet would run: =, +, -, @, tab, carriage return at the start", () => {
    for (const cell of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) {
      expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
    }
    for (const cell of ["a=b", "1-2", "sam@example.com", ""]) expect(spreadsheetSafe(cell)).toBe(cell);
  });
});
