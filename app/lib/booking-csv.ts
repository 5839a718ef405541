import { parse } from "csv-parse/sync";
import type { BookingTable } from "./booking";

export class BookingCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BookingCsvError";
  }
}

/**
 * A published sheet's CSV export → the booking table. A real CSV parser: quoted fields,
 * embedded commas, quotes and newlines. Headers are trimmed and lower-cased; columns
 * without a header (the sheet's blank trailing columns) and fully blank rows are dropped.
 * An empty sheet (or a header only) is an empty table, not an error.
 */
export function parseBookingCsv(text: string): BookingTable {
  // An unpublished sheet answers with a sign-in page: refuse it rather than show HTML.
  // (trimStart also drops a byte-order mark: U+FEFF is white space to it.)
  if (/^<(!doctype|html|head)/i.test(text.trimStart())) {
    throw new BookingCsvError("The sheet answered with a web page, not CSV (is it published to the web?)");
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    throw new BookingCsvError(`The sheet is not valid CSV (${(error as Error).message})`);
  }
  if (records.length === 0) return { columns: [], rows: [] };
  const header = records[0].map((h) => h.trim().toLowerCase());
  const keep: { index: number; name: string }[] = [];
  const seen = new Set<string>();
  header.forEach((name, index) => {
    if (name === "" || seen.has(name)) return;
    seen.add(name);
    keep.push({ index, name });
  });
  const rows = records
    .slice(1)
    .map((record) => Object.fromEntries(keep.map(({ index, name }) => [name, (record[index] ?? "").trim()])))
    .filter((row) => Object.values(row).some((v) => v !== ""));
  return { columns: keep.map((k) => k.name), rows };
}
