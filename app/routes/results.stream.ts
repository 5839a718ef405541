import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveResultsStream } from "~/features/voting/results-stream.server";
import { parseId } from "~/lib/ids";
import { hasGate } from "~/utils/auth.server";

/** Live standings as server-sent events, behind the same gate as /results (issue 19: thin). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await hasGate(request, "resultsGate")))
    return new Response("Enter the results password first.", { status: 401 });
  const roundId = parseId(new URL(request.url).searchParams.get("round"));
  if (!roundId) return new Response("Which round?", { status: 400 });
  return liveResultsStream(request, roundId);
}
