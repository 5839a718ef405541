import type { LoaderFunctionArgs } from "@remix-run/node";
import { applicationsCsv } from "~/lib/applications-csv";
import { parseId } from "~/lib/ids";
import { formatInZone } from "~/lib/zoned-time";
import { getShow } from "~/models/events.server";
import { listApplications } from "~/models/submissions.server";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";

/** /admin/applications.csv?event=ID: one show's applications as a spreadsheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const show = getShow(parseId(new URL(request.url).searchParams.get("event")));
  if (!show) throw new Response("Not Found", { status: 404 });
  const zone = getEnv().APP_TIMEZONE;
  const csv = applicationsCsv(
    listApplications(show.id).map((a) => ({
      ...a,
      submitted: formatInZone(a.createdAt, "yyyy-MM-dd HH:mm", zone),
    })),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="applications-show-${show.id}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
