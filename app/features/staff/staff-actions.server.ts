/**
 * Staff managed in the app (issue 38): every form of /admin/staff, /admin/two-factor and the
 * sign-in's second step goes handleForm (one zod schema, 400 with the values and messages) →
 * a handler here → one model transaction with its audit line → a redirect with a flash.
 */
import { json, redirect } from "@remix-run/node";
import {
  addStaffSchema,
  disableTwoFactorSchema,
  endSessionSchema,
  enrolSchema,
  removeStaffSchema,
  requireTwoFactorSchema,
  resetPasswordSchema,
  resetTwoFactorSchema,
  secondFactorSchema,
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
import { handleForm, readForm } from "~/utils/form-pipeline.server";
import { rotateSession } from "~/utils/session-rotation.server";
import { commitSession, getSession, redirectWithFlash } from "~/utils/session.server";
import { newRecoveryCodes, newTotpSecret } from "~/utils/totp.server";
import { readTrustedDevice, trustDevice } from "~/utils/trusted-device.server";

const STAFF_SCHEMAS = {
  add: addStaffSchema,
  reset: resetPasswordSchema,
  remove: removeStaffSchema,
  "end-session": endSessionSchema,
  "reset-two-factor": resetTwoFactorSchema,
  "require-two-factor": requireTwoFactorSchema,
} as const;
export type StaffIntent = keyof typeof STAFF_SCHEMAS;

/** Staff forms have no honeypot (signed-in staff only): a filled one is simply refused. */
const noHoneypot = () => new Response("Refused.", { status: 400 });

async function outcome(
  request: Request,
  change: StaffChange,
  reply: (o?: { formErrors?: string[] }) => unknown,
) {
  if (!change.ok)
    return json({ intent: null, result: reply({ formErrors: [change.message] }) }, { status: 400 });
  return redirectWithFlash(request, "/admin/staff", { type: "success", message: change.message });
}

/** One post of /admin/staff; the intent button picks the form. */
export async function handleStaffPost(request: Request, actor: StaffIdentity) {
  const intent = String((await readForm(request.clone())).get("intent") ?? "") as StaffIntent;
  const schema = STAFF_SCHEMAS[intent] ?? addStaffSchema;
  const form = await handleForm(request, { schema, honeypot: noHoneypot });
  if (!form.ok) return json({ intent, result: await form.response.json() }, { status: form.response.status });
  const v = form.value as Record<string, unknown>;
  switch (v.intent as StaffIntent) {
    case "add":
      return outcome(
        request,
        await addStaffMember(actor, v as { username: string; password: string }),
        form.reply,
      );
    case "reset":
      return outcome(
        request,
        await resetStaffPassword(actor, v as { staffId: number; password: string }),
        form.reply,
      );
    case "remove":
      return outcome(request, removeStaffMember(actor, v.staffId as number), form.reply);
    case "end-session":
      return outcome(request, endStaffSession(actor, v.sessionKey as string), form.reply);
    case "reset-two-factor":
      return outcome(request, clearTwoFactor(actor, v.staffId as number), form.reply);
    case "require-two-factor":
      return outcome(request, setTwoFactorRequired(actor, v.required === "on"), form.reply);
  }
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
  const intent = String((await readForm(request.clone())).get("intent") ?? "");
  if (intent === "disable") {
    const form = await handleForm(request, { schema: disableTwoFactorSchema, honeypot: noHoneypot });
    if (!form.ok)
      return json(
        { result: await form.response.json(), recoveryCodes: null },
        { status: form.response.status },
      );
    if (!checkSecondFactor(actor.id, form.value.code))
      return json(
        { result: form.reply({ formErrors: ["That code does not match"] }), recoveryCodes: null },
        { status: 400 },
      );
    const change = clearTwoFactor(actor, actor.id);
    return redirectWithFlash(request, "/admin/two-factor", { type: "success", message: change.message });
  }
  const form = await handleForm(request, { schema: enrolSchema, honeypot: noHoneypot });
  if (!form.ok)
    return json(
      { result: await form.response.json(), recoveryCodes: null },
      { status: form.response.status },
    );
  const session = await getSession(request);
  const secret = session.get("totpSetupSecret");
  if (!secret)
    return json(
      {
        result: form.reply({ formErrors: ["Scan the code again: the page was reloaded"] }),
        recoveryCodes: null,
      },
      { status: 400 },
    );
  const recoveryCodes = newRecoveryCodes();
  const change = enableTwoFactor(actor, { secret, code: form.value.code, recoveryCodes });
  if (!change.ok)
    return json(
      { result: form.reply({ formErrors: [change.message] }), recoveryCodes: null },
      { status: 400 },
    );
  session.unset("totpSetupSecret");
  // Deliberately not a redirect: the codes are shown in this answer only, never stored readable.
  return json(
    { result: form.reply(), recoveryCodes },
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
  const form = await handleForm(request, { schema: secondFactorSchema, honeypot: noHoneypot });
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
    return json(
      form.reply({ formErrors: [`That code does not match (${MAX_CODE_ATTEMPTS - attempts} tries left)`] }),
      {
        status: 400,
        headers: { "Set-Cookie": await commitSession(session) },
      },
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
