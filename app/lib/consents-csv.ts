import { stringify } from "csv-stringify/sync";
import { spreadsheetSafe } from "./applications-csv";
import { consentWording } from "./consent";

export type ConsentCsvRow = {
  list: "newsletter" | "waitlist";
  email: string;
  /** The performance, for a waitlist row. */
  detail: string;
  consentVersion: string;
  source: string;
  ipHash: string | null;
  /** Already formatted in the business zone ("" when not yet). */
  givenAt: string;
  confirmedAt: string;
  unsubscribedAt: string;
};

/** The staff export of the consent records, both lists (issue 39; header row first). */
export function consentsCsv(rows: ConsentCsvRow[]): string {
  return stringify(
    rows.map((r) => [
      r.list,
      spreadsheetSafe(r.email),
      spreadsheetSafe(r.detail),
      r.givenAt,
      spreadsheetSafe(r.source),
      r.consentVersion,
      spreadsheetSafe(consentWording(r.consentVersion)),
      r.ipHash ?? "",
      r.confirmedAt,
      r.unsubscribedAt,
    ]),
    {
      header: true,
      columns: [
        "List",
        "Email",
        "For",
        "Consent given",
        "Page",
        "Wording version",
        "Wording",
        "IP (keyed hash)",
        "Confirmed",
        "Unsubscribed",
      ],
    },
  );
}
