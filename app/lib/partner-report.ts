import { addDaysIso, formatLongDate, formatTime12 } from "./dates";

/**
 * Partner reports (issue 41): every week, each venue whose staff set recipients gets an e-mail
 * with its shows' seats sold and capacity, the waitlist's demand and the check-ins, and a signed
 * read-only link to the same report that expires. Pure: the model reads the numbers, the
 * service queues the mail through the outbox, the route shows the page.
 */

/** At most this many recipients per venue (a partner's office, not a mailing list). */
export const MAX_RECIPIENTS = 10;
/** The report goes out on Mondays from this hour (business zone). */
export const REPORT_HOUR = 9;
/** Days a report's link opens the report. */
export const LINK_DAYS = 14;

const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/** "a@x.ca, b@y.com\nc@z.org": each address checked, lower-cased, once; at most MAX_RECIPIENTS. */
export function parseRecipients(
  text: string,
): { ok: true; value: string[] } | { ok: false; message: string } {
  const list = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const bad = list.find((v) => v.length > 254 || !EMAIL.test(v));
  if (bad) return { ok: false, message: `Not an e-mail address: ${bad.slice(0, 60)}` };
  if (list.length > MAX_RECIPIENTS) return { ok: false, message: `At most ${MAX_RECIPIENTS} recipients` };
  return { ok: true, value: list };
}

/** The Monday (YYYY-MM-DD) of the week of `date`. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDaysIso(date, -((day + 6) % 7));
}

/** Whether this week's report is due: Monday from REPORT_HOUR on, or any later day of the week. */
export function reportDue(today: string, hour: number): boolean {
  return today !== weekOf(today) || hour >= REPORT_HOUR;
}

/** The shows a week's report covers: the week gone by (check-ins) and the four weeks ahead (sales). */
export function reportWindow(week: string): { from: string; to: string } {
  return { from: addDaysIso(week, -7), to: addDaysIso(week, 27) };
}

/** One performance in a report. */
export type ReportRow = {
  title: string;
  date: string;
  time: string;
  /** From the platform's ticket classes; null when the platform gave no numbers. */
  sold: number | null;
  capacity: number | null;
  soldOut: boolean;
  /** Confirmed waitlist sign-ups for this performance. */
  waitlist: number;
  /** Tickets checked in (a show gone by whose holders were read); null otherwise. */
  checkIns: number | null;
};

export function seatsText(r: Pick<ReportRow, "sold" | "capacity" | "soldOut">): string {
  if (r.sold === null || r.capacity === null) return r.soldOut ? "sold out" : "not known";
  return `${r.sold} of ${r.capacity}${r.soldOut || r.sold >= r.capacity ? " (sold out)" : ""}`;
}

/** The e-mail: subject and plain text, with the read-only link and its expiry. */
export function partnerReportMail(input: {
  venue: string;
  week: string;
  rows: ReportRow[];
  link: string;
  /** The last day the link works (YYYY-MM-DD). */
  lastDay: string;
  site: string;
}): { subject: string; text: string } {
  const lines = input.rows.length
    ? input.rows.map(
        (r) =>
          `- ${r.title}, ${formatLongDate(r.date)} ${formatTime12(r.time)}: tickets ${seatsText(r)}; ` +
          `waitlist ${r.waitlist}` +
          (r.checkIns === null ? "" : `; checked in ${r.checkIns}`),
      )
    : ["No shows in these five weeks."];
  return {
    subject: `${input.site}: weekly report for ${input.venue}, week of ${formatLongDate(input.week)}`,
    text: [
      `Weekly report for ${input.venue} (last week and the four weeks ahead).`,
      "",
      ...lines,
      "",
      `The same report, kept up to date (read-only, until the end of ${formatLongDate(input.lastDay)}):`,
      input.link,
      "",
      `You receive this because ${input.site}'s staff listed you as this venue's contact. Reply to be taken off.`,
    ].join("\n"),
  };
}
