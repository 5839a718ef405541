import { stringify } from "csv-stringify/sync";

export type ApplicationRow = {
  id: number;
  fullName: string;
  email: string;
  mobileNumber: string;
  isOver19: boolean;
  canAttendEvent: boolean;
  willAttendIfNotSelected: boolean | null;
  funBio: string;
  acceptsTerms: boolean;
  /** Already formatted in the business zone. */
  submitted: string;
};

/** A cell a spreadsheet would run as a formula (=, +, -, @) is prefixed with a quote. */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const yesNo = (v: boolean | null) => (v === null ? "" : v ? "yes" : "no");

/** The CSV export of one show's contestant applications (header row first). */
export function applicationsCsv(rows: ApplicationRow[]): string {
  return stringify(
    rows.map((r) => [
      r.id,
      spreadsheetSafe(r.fullName),
      spreadsheetSafe(r.email),
      spreadsheetSafe(r.mobileNumber),
      yesNo(r.isOver19),
      yesNo(r.canAttendEvent),
      yesNo(r.willAttendIfNotSelected),
      spreadsheetSafe(r.funBio),
      yesNo(r.acceptsTerms),
      r.submitted,
    ]),
    {
      header: true,
      columns: [
        "id",
        "full_name",
        "email",
        "mobile_number",
        "is_over_19",
        "can_attend",
        "will_attend_if_not_selected",
        "fun_bio",
        "accepts_terms",
        "submitted",
      ],
    },
  );
}
