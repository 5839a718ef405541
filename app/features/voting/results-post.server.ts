import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { gateLogin, unlockAnswer } from "~/features/gates/gate-form.server";
import { makeProjectorLink } from "~/features/voting/projector-link.server";
import { parseId } from "~/lib/ids";
import { getRound, setRoomCode } from "~/models/rounds.server";
import { hasGate, requireStaff } from "~/utils/auth.server";
import { handleForm } from "~/utils/form-pipeline.server";
import { publicOrigin } from "~/utils/origin.server";

/** /results's forms: the gate, the host's room-code switch and a staff member's projector link. */
const resultsPostSchema = z.discriminatedUnion("intent", [
  gateLogin,
  z.object({ intent: z.literal("room-code"), roundId: z.string(), on: z.enum(["0", "1"]) }),
  z.object({ intent: z.literal("projector-link"), roundId: z.string() }),
]);

/** A round the post names, or 404 (a stale page, a round removed since). */
function roundIdOf(raw: string) {
  const id = parseId(raw);
  if (!id || !getRound(id)) throw new Response("No such voting round", { status: 404 });
  return id;
}

/** POST /results: unlock the results, turn the room code on or off, or hand out a projector link. */
export async function handleResultsPost(request: Request, clientIp: string) {
  const form = await handleForm(request, { schema: resultsPostSchema });
  if (!form.ok) return form.response;
  const value = form.value;
  switch (value.intent) {
    case "room-code": {
      // The host turns the room code on or off for a round (gate or staff only).
      if (!(await hasGate(request, "resultsGate")))
        throw new Response("Enter the results password first.", { status: 401 });
      const roundId = roundIdOf(value.roundId);
      if (!setRoomCode(roundId, value.on === "1"))
        throw new Response("No such voting round", { status: 404 });
      return redirect(`/results?round=${roundId}`);
    }
    case "projector-link": {
      // Issue 37: only a signed-in staff member hands out a projector link.
      const staff = await requireStaff(request);
      const roundId = roundIdOf(value.roundId);
      return json({ projectorLink: await makeProjectorLink(roundId, staff, publicOrigin(request)) });
    }
    default: {
      const back = new URL(request.url);
      return unlockAnswer(form, value.password, {
        request,
        gate: "results",
        clientIp,
        to: `/results${back.search}`,
      });
    }
  }
}
