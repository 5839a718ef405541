import { redirect } from "@remix-run/node";
import { z } from "zod";
import { gateSchema } from "~/lib/forms/gate";
import type { FormPipelineResult } from "~/utils/form-pipeline.server";
import { unlockGate, type GateName } from "~/utils/gate.server";

/**
 * The shared-password gates' post (/booking for door staff, /results for the host), one for
 * both: the gate page sends intent "login" (a script may leave it out) and the password; the
 * page's other forms are the other branches of the route's discriminated schema.
 */
export const gateLogin = gateSchema.extend({ intent: z.literal("login").optional() });

/** A checked form's way to refuse with the values kept (handleForm's `error`). */
type Refuse = Extract<FormPipelineResult<unknown>, { ok: true }>["error"];

/**
 * One rule (app/utils/gate.server.ts: the budget first, then the password), one answer: back to
 * `to` with the gate open, or the gate page again with the message under the field (401, or
 * 429 with Retry-After), the password never sent back.
 */
export async function unlockAnswer(
  form: { error: Refuse },
  password: string,
  { request, gate, clientIp, to }: { request: Request; gate: GateName; clientIp: string; to: string },
) {
  const attempt = await unlockGate(request, gate, password, clientIp);
  if (!attempt.ok)
    return form.error(attempt.message, {
      status: attempt.status,
      retryAfterSeconds: attempt.status === 429 ? attempt.retryAfterSeconds : undefined,
      hideFields: ["password"],
    });
  const headers = new Headers();
  for (const cookie of attempt.setCookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}
