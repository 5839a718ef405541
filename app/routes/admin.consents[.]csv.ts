import type { LoaderFunctionArgs } from "@remix-run/node";
import { consentsCsv } from "~/lib/consents-csv";
import { formatInZone } from "~/lib/zoned-time";
import { consentRecords } from "~/models/mail-lists.server";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";

/** /admin/consents.csv: every consent on record, newsletter and waitlists (issue 39, CASL). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const zone = getEnv().APP_TIMEZONE;
  const when = (d: Date | null) => (d ? formatInZone(d, "yyyy-MM-dd HH:mm", zone) : "");
  const csv = consentsCsv(
    consentRecords().map((r) => ({
      ...r,
      givenAt: when(r.givenAt),
      confirmedAt: when(r.confirmedAt),
      unsubscribedAt: when(r.unsubscribedAt),
    })),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="consents.csv"',
      "Cache-Control": "no-store",
    },
  });
}
