import { ipBudgetKey } from "~/lib/ip-budget";
import { consume, retryText } from "./rate-limit.server";

/**
 * The per-IP budget of the public forms. The budget is spent per form and only by
 * submissions that passed validation (the ones that would store something): a visitor
 * fixing typos is never locked out, and one form's traffic does not block another.
 */
export async function spendPublicFormBudget(
  form: "contact" | "application" | "newsletter" | "waitlist",
  clientIp: string,
): Promise<{ ok: true } | { ok: false; message: string; retryAfterSeconds: number }> {
  const result = await consume("publicForm", `${form}:${ipBudgetKey(clientIp)}`);
  if (result.ok) return result;
  return {
    ok: false,
    message: `Too many submissions from your connection. ${retryText(result.retryAfterSeconds)}`,
    retryAfterSeconds: result.retryAfterSeconds,
  };
}
