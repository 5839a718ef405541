import type { LoaderFunctionArgs } from "@remix-run/node";
import { drawCsv } from "~/lib/draw-csv";
import { parseId } from "~/lib/ids";
import { trackingCodeOf } from "~/lib/tracking";
import { getComedian } from "~/models/comedians.server";
import { drawOf } from "~/models/draws.server";
import { requireStaff } from "~/utils/auth.server";

/** /admin/comedians/{id}/draw.csv: the comic's tickets through their link, per show and date (issue 41). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const comedian = getComedian(parseId(params.id));
  if (!comedian) throw new Response("Comedian not found", { status: 404 });
  const code = trackingCodeOf(comedian.id);
  return new Response(drawCsv(comedian.name, code, drawOf(comedian.id)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="draw-${comedian.slug ?? comedian.id}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
