import type { LoaderFunctionArgs } from "@remix-run/node";
import { isIsoDate, todayIn } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { waitlistCsv } from "~/lib/waitlist-csv";
import { formatInZone } from "~/lib/zoned-time";
import { waitlistRows } from "~/models/waitlist.server";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";

/** /admin/waitlist.csv[?event=ID&date=YYYY-MM-DD]: the waiting addresses as a spreadsheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const event = parseId(url.searchParams.get("event"));
  const date = url.searchParams.get("date");
  const zone = getEnv().APP_TIMEZONE;
  const rows = waitlistRows(todayIn(zone)).filter(
    (r) => (!event || r.eventId === event) && (!date || !isIsoDate(date) || r.date === date),
  );
  const csv = waitlistCsv(
    rows.map((r) => ({
      ...r,
      joined: formatInZone(r.joinedAt, "yyyy-MM-dd HH:mm", zone),
      notified: r.notifiedAt ? formatInZone(r.notifiedAt, "yyyy-MM-dd HH:mm", zone) : "",
    })),
  );
  const name = event ? `waitlist-show-${event}${date ? `-${date}` : ""}` : "waitlist";
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
