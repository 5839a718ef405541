import type { LoaderFunctionArgs } from "@remix-run/node";
import { openProjectorLink } from "~/features/voting/projector-link.server";

/** A staff member's projector link for tonight (issue 37): /results without the shared password. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return openProjectorLink(request, params.token ?? "");
}
