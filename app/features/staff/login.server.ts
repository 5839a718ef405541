import { redirect } from "@remix-run/node";
import { staffLoginSchema } from "~/lib/forms/staff-login";
import { ipBudgetKey } from "~/lib/ip-budget";
import { safeRedirect } from "~/lib/safe-redirect";
import { hasTwoFactor } from "~/models/staff.server";
import { authenticateStaff, InvalidCredentials, loginBudgetKey } from "~/utils/auth.server";
import { handleForm } from "~/utils/form-pipeline.server";
import { reserveAttempt, retryText } from "~/utils/rate-limit.server";
import { rotateSession } from "~/utils/session-rotation.server";
import { isTrustedFor, readTrustedDevice, trustDevice } from "~/utils/trusted-device.server";
import { afterPassword } from "./staff-actions.server";

/**
 * POST /admin/login: the form pipeline (one schema: an empty or impossible field is a 400 with
 * the username kept and the message under it, before any budget is spent), then the login
 * budget, then remix-auth checks the password (`authenticateStaff`, handed the checked values).
 * A refusal is the login page again with its message and the password never sent back: 401
 * "Invalid credentials" (the same whether or not the username exists), or 429 with Retry-After.
 *
 * No honeypot: like the gates and the code step, a sign-in has no success to pretend; the
 * budgets below are its guard (docs/decisions/forms-and-layers.md).
 */
export async function handleLogin(request: Request, clientIp: string) {
  const form = await handleForm(request, { schema: staffLoginSchema });
  if (!form.ok) return form.response;
  const { username, password } = form.value;
  const redirectTo = safeRedirect(form.value.redirectTo, "/admin");
  const refuse = (message: string, status: number, retryAfterSeconds?: number) =>
    form.error(message, { status, retryAfterSeconds, hideFields: ["password"] });

  // The budget is spent before the password is checked (reserveAttempt, rate-limit.server.ts). A browser
  // that has signed in as this user before is counted on its own budget, so strangers
  // failing with this username cannot lock it out; anyone else per IP and per username.
  const device = await readTrustedDevice(request);
  const principal = `staff:${username}` as const;
  const reservation = await reserveAttempt(
    isTrustedFor(device, principal)
      ? [["loginDevice", `${device.id}:${username}`]]
      : [
          ["loginIp", ipBudgetKey(clientIp)],
          ["loginUser", loginBudgetKey(username)],
        ],
  );
  if (!reservation.ok) {
    return refuse(
      `Too many login attempts. ${retryText(reservation.retryAfterSeconds)}`,
      429,
      reservation.retryAfterSeconds,
    );
  }

  let staff;
  try {
    staff = await authenticateStaff(request.url, { username, password });
  } catch (error) {
    await reservation.settle(false);
    if (error instanceof InvalidCredentials) return refuse("Invalid credentials", 401);
    throw error;
  }
  await reservation.settle(true);

  // Issue 38: a member with a second factor goes on to the code (/admin/login/code); the device
  // is trusted once the sign-in is complete.
  const secondStep = await afterPassword(request, staff, redirectTo, hasTwoFactor(staff.id));
  if (secondStep) return secondStep;

  // A brand-new session id on sign-in (no fixation); the device is remembered for this user.
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await rotateSession(request, (session) => {
      session.set("staffId", staff.id);
      session.set("signedInAt", Date.now());
    }),
  );
  headers.append("Set-Cookie", await trustDevice(device, principal));
  return redirect(redirectTo, { headers });
}
