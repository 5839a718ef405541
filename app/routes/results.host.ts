import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { applyHostCommand, type HostCommand } from "~/models/round-control.server";
import { getStaff, hasGate } from "~/utils/auth.server";
import { readForm } from "~/utils/form-pipeline.server";
import { notifyRoundChanged } from "~/utils/vote-events.server";

/** POST /results/host: the host's reveal and closing buttons (staff or the results password). */
export async function action({ request }: ActionFunctionArgs) {
  if (!(await hasGate(request, "resultsGate")))
    return new Response("Enter the results password first.", { status: 401 });
  const form = await readForm(request);
  const roundId = parseId(form.get("roundId"));
  if (!roundId) return new Response("Which round?", { status: 400 });
  const command = parseCommand(String(form.get("intent") ?? ""), form);
  if (!command) return new Response("Unknown host command.", { status: 400 });
  const round = applyHostCommand(roundId, command, await getStaff(request));
  if (!round) return new Response("No such voting round", { status: 404 });
  notifyRoundChanged(roundId);
  return redirect(`/results?round=${roundId}`);
}

function parseCommand(intent: string, form: FormData): HostCommand | null {
  const bounded = (name: string, min: number, max: number, fallback: number) => {
    const n = Number(form.get(name) ?? fallback);
    return Number.isInteger(n) && n >= min && n <= max ? n : null;
  };
  switch (intent) {
    case "mode-live":
      return { intent: "mode", mode: "live" };
    case "mode-hidden":
      return { intent: "mode", mode: "hidden" };
    case "reveal-next":
      return { intent: "reveal-next" };
    case "reveal-auto": {
      const everySeconds = bounded("every", 2, 60, 5);
      return everySeconds ? { intent: "reveal-auto", everySeconds } : null;
    }
    case "close-in": {
      const seconds = bounded("seconds", 5, 24 * 3600, 60);
      return seconds ? { intent: "close-in", seconds } : null;
    }
    case "close-now":
      return { intent: "close-now" };
    default:
      return null;
  }
}
