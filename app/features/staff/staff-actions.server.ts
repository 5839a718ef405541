/**
 * Staff managed in the app (issue 38): every form of /admin/staff, /admin/two-factor and the
 * sign-in's second step goes handleForm (one zod schema, 400 with the values and messages) →
 * a handler here → one model transaction with its audit line → a redirect with a flash.
 */
import { json, redirect } from "@remix-run/node";
import {
  secondFactorSchema,
  staffPageSchema,
  twoFactorPageSchema,
  type StaffPageValue,
} from "~/lib/forms/staff";
import { safeRedirect } from "~/lib/safe-redirect";
import {
  addStaffMember,
  checkSecondFactor,
  clearTwoFactor,
  enableTwoFactor,
  endStaffSession,
  getStaffById,
  removeStaffMember,
  resetStaffPassword,
  setTwoFactorRequired,
  type StaffChange,
  type StaffIdentity,
} from "~/models/staff.server";
import { handleForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { rotateSession } from "~/utils/session-rotation.server";
import { commitSession, getSession, redirectWithFlash } from "~/utils/session.server";
import { newRecoveryCodes, newTotpSecret } from "~/utils/totp.server";
import { readTrustedDevice, trustDevice } from "~/utils/trusted-device.server";

/** The change one form of /admin/staff asks for, as one model transaction (audited there). */
function staffChange(actor: StaffIdentity, value: StaffPageValue): StaffChange | Promise<StaffChange> {
  switch (value.intent) {
    case "add":
      return addStaffMember(actor, value);
    case "reset":
      return resetStaffPassword(actor, value);
    case "remove":
      return removeStaffMember(actor, value.staffId);
    case "end-session":
      return endStaffSession(actor, value.sessionKey);
    case "reset-two-factor":
      return clearTwoFactor(actor, value.staffId);
    case "require-two-factor":
      return setTwoFactorRequired(actor, value.required === "on");
  }
}

/**
 * One post of /admin/staff (each form carries its `intent`): 400 with the form's values and
 * messages (Conform's reply, so the page shows them next to that form), or the change and a
 * redirect with its flash.
 */
export async function handleStaffPost(request: Request, actor: StaffIdentity) {
  const form = await handleForm(request, { schema: staffPageSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  const change = await staffChange(actor, form.value);
  if (!change.ok) return form.error(change.message);
  return redirectWithFlash(request, "/admin/staff", { type: "success", message: change.message });
}

/** The secret being enrolled: kept in the (server-side) session until a code proves it. */
export async function enrolmentSecret(request: Request) {
  const session = await getSession(request);
  let secret = session.get("totpSetupSecret");
  let setCookie: string | null = null;
  if (!secret) {
    secret = newTotpSecret();
    session.set("totpSetupSecret", secret);
    setCookie = await commitSession(session);
  }
  return { secret, setCookie };
}

/**
 * /admin/two-factor's posts: turn it on (a code from the app proves the scan; the recovery codes
 * are shown once, in this answer, never again) or off (a current code or a recovery code).
 */
export async function handleTwoFactorPost(request: Request, actor: StaffIdentity) {
  const form = await handleForm(request, { schema: twoFactorPageSchema, limits: STAFF_FORM_LIMITS });
  if (!form.ok) return form.response;
  const value = form.value;
  if (value.intent === "disable") {
    if (!checkSecondFactor(actor.id, value.code)) return form.error("That code does not match");
    const change = clearTwoFactor(actor, actor.id);
    return redirectWithFlash(request, "/admin/two-factor", { type: "success", message: change.message });
  }
  const session = await getSession(request);
  const secret = session.get("totpSetupSecret");
  if (!secret) return form.error("Scan the code again: the page was reloaded");
  const recoveryCodes = newRecoveryCodes();
  const change = enableTwoFactor(actor, { secret, code: value.code, recoveryCodes });
  if (!change.ok) return form.error(change.message);
  session.unset("totpSetupSecret");
  // Deliberately not a redirect: the codes are shown in this answer only, never stored readable.
  return json(
    { recoveryCodes },
    { headers: { "Set-Cookie": await commitSession(session), "Cache-Control": "no-store" } },
  );
}

/** A sign-in between its two steps lasts this long. */
const PENDING_MS = 5 * 60 * 1000;
/** Wrong codes in one sign-in before it ends (back to the password). */
export const MAX_CODE_ATTEMPTS = 5;

/** After a right password: signed in, or on to the code when the member has a second factor. */
export async function afterPassword(
  request: Request,
  staff: StaffIdentity,
  redirectTo: string,
  twoFactor: boolean,
) {
  if (!twoFactor) return null;
  const cookie = await rotateSession(request, (session) => {
    session.unset("staffId");
    session.set("pendingStaffId", staff.id);
    session.set("pendingAt", Date.now());
    session.set("codeAttempts", 0);
  });
  return redirect(`/admin/login/code?redirectTo=${encodeURIComponent(redirectTo)}`, {
    headers: { "Set-Cookie": cookie },
  });
}

/** The member waiting for the second step in this session, or null (none, or too late). */
export async function pendingStaff(request: Request) {
  const session = await getSession(request);
  const id = session.get("pendingStaffId");
  const at = session.get("pendingAt") ?? 0;
  if (typeof id !== "number" || Date.now() - at > PENDING_MS) return null;
  return getStaffById(id);
}

export async function handleSecondStep(request: Request) {
  const staff = await pendingStaff(request);
  if (!staff)
    return redirectWithFlash(request, "/admin/login", {
      type: "error",
      message: "Sign in again: that sign-in ran out of time.",
    });
  const form = await handleForm(request, { schema: secondFactorSchema });
  if (!form.ok) return form.response;
  const redirectTo = safeRedirect(form.value.redirectTo, "/admin");
  const how = checkSecondFactor(staff.id, form.value.code);
  if (!how) {
    const session = await getSession(request);
    const attempts = (session.get("codeAttempts") ?? 0) + 1;
    if (attempts >= MAX_CODE_ATTEMPTS) {
      session.unset("pendingStaffId");
      session.unset("pendingAt");
      session.unset("codeAttempts");
      return redirect("/admin/login", { headers: { "Set-Cookie": await commitSession(session) } });
    }
    session.set("codeAttempts", attempts);
    // Conform's reply (the page shows it on the form), with the session's count of tries.
    return json(
      form.reply({ formErrors: [`That code does not match (${MAX_CODE_ATTEMPTS - attempts} tries left)`] }),
      { status: 400, headers: { "Set-Cookie": await commitSession(session), "Cache-Control": "no-store" } },
    );
  }
  const device = await readTrustedDevice(request);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await rotateSession(request, (session) => {
      session.unset("pendingStaffId");
      session.unset("pendingAt");
      session.unset("codeAttempts");
      session.set("staffId", staff.id);
      session.set("signedInAt", Date.now());
    }),
  );
  headers.append("Set-Cookie", await trustDevice(device, `staff:${staff.username.toLowerCase()}`));
  // A recovery code is used up (audited); /admin/staff shows how many are left.
  return redirect(redirectTo, { headers });
}
