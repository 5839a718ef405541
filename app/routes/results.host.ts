import type { ActionFunctionArgs } from "@remix-run/node";
import { hostCommandAction } from "~/features/voting/host-controls.server";

/** POST /results/host: the host's reveal and closing controls (app/features/voting/host-controls.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  return hostCommandAction(request);
}
