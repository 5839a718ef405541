import { stringify } from "csv-stringify/sync";
import { spreadsheetSafe } from "./applications-csv";

/** The staff export of a comic's draw (issue 41): one row per show and date, header first. */
export function drawCsv(
  comedian: string,
  code: string,
  rows: { eventId: number; title: string; date: string; tickets: number; checkedIn: number }[],
): string {
  return stringify(
    rows.map((r) => [
      spreadsheetSafe(comedian),
      code,
      spreadsheetSafe(r.title),
      r.eventId,
      r.date,
      r.tickets,
      r.checkedIn,
    ]),
    {
      header: true,
      columns: [
        "Comedian",
        "Tracking code",
        "Show",
        "Show id",
        "Date",
        "Tickets through their link",
        "Checked in",
      ],
    },
  );
}
