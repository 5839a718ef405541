import { stringify } from "csv-stringify/sync";
import { spreadsheetSafe } from "./applications-csv";

export type WaitlistCsvRow = {
  title: string;
  eventId: number;
  date: string;
  email: string;
  /** Already formatted in the business zone. */
  joined: string;
  notified: string;
};

/** The staff export of the waitlists (header row first). */
export function waitlistCsv(rows: WaitlistCsvRow[]): string {
  return stringify(
    rows.map((r) => [
      spreadsheetSafe(r.title),
      r.eventId,
      r.date,
      spreadsheetSafe(r.email),
      r.joined,
      r.notified,
    ]),
    { header: true, columns: ["Show", "Show id", "Date", "Email", "Joined", "Last e-mailed"] },
  );
}
