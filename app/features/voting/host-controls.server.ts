import { json, redirect } from "@remix-run/node";
import { hostCommandSchema } from "~/lib/vote-schema";
import { wakeOutbox } from "~/models/outbox.server";
import { applyHostCommand, type HostCommand } from "~/models/round-control.server";
import { roundWithShow } from "~/models/rounds.server";
import { voidBurst } from "~/models/votes.server";
import { getStaff, hasGate } from "~/utils/auth.server";
import { handleForm, refusal } from "~/utils/form-pipeline.server";
import { redirectWithFlash } from "~/utils/session.server";
import { notifyRoundChanged } from "~/utils/vote-events.server";
import { recordVoided } from "./vote-watch.server";

/**
 * POST /results/host: the host's controls (staff, or whoever holds the results password).
 * Issue 37: closing and revealing are separate steps (a reveal before the close is refused
 * with a message, not done quietly), "close-and-reveal" does both by name, and a burst the
 * alarm found can be voided (audited). Every answer is a redirect back to the round with a
 * flash message, so it works the same without JavaScript.
 */
export async function hostCommandAction(request: Request) {
  if (!(await hasGate(request, "resultsGate"))) return refusal(401, "Enter the results password first.");
  const form = await handleForm(request, {
    schema: hostCommandSchema,
    honeypot: () => refusal(400, "Unknown host command."),
  });
  if (!form.ok) return form.response;
  const v = form.value;
  const back = `/results?round=${v.roundId}`;
  const who = await getStaff(request);
  if (v.intent === "void-burst") {
    if (!v.ip || !v.comedianId || v.from === undefined || v.to === undefined || v.to <= v.from)
      return refusal(400, "Which burst?");
    if (!roundWithShow(v.roundId)) return json("No such voting round", { status: 404 });
    const burst = { ip: v.ip, comedianId: v.comedianId, from: v.from, to: v.to };
    const n = voidBurst(v.roundId, burst, who);
    recordVoided(v.roundId, burst);
    notifyRoundChanged(v.roundId);
    return redirectWithFlash(request, back, {
      type: "success",
      message: `Voided ${n} vote${n === 1 ? "" : "s"} of that burst. They no longer count; the audit log keeps who and when.`,
    });
  }
  const command: HostCommand =
    v.intent === "mode-live" || v.intent === "mode-hidden"
      ? { intent: "mode", mode: v.intent === "mode-live" ? "live" : "hidden" }
      : v.intent === "reveal-auto"
        ? { intent: "reveal-auto", everySeconds: v.every ?? 5 }
        : v.intent === "close-in"
          ? { intent: "close-in", seconds: v.seconds ?? 60 }
          : v.intent === "tickets-require" || v.intent === "tickets-prefer"
            ? { intent: "tickets", rule: v.intent === "tickets-require" ? "require" : "prefer" }
            : { intent: v.intent };
  const outcome = applyHostCommand(v.roundId, command, who);
  if (!outcome) return json("No such voting round", { status: 404 });
  if (!outcome.ok) return redirectWithFlash(request, back, { type: "error", message: outcome.error });
  notifyRoundChanged(v.roundId);
  // Issue 41: turning the check on mailed each voter their verdict (committed now).
  if (command.intent === "tickets") wakeOutbox();
  const said: Partial<Record<typeof v.intent, string>> = {
    "close-now": "Voting closed. Phones now see that voting has closed.",
    "close-and-reveal": "Voting closed, and the reveal has started.",
    "tickets-require": "Counting ticket holders' votes only.",
    "tickets-prefer": "Counting every vote, unverified ones included.",
  };
  const message = said[v.intent];
  // Other steps show on the page itself (the state line, the revealed places).
  return message ? redirectWithFlash(request, back, { type: "success", message }) : redirect(back);
}
