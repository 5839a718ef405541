import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { afterPassword } from "~/features/staff/staff-actions.server";
import { STAFF_LOGIN_FIELDS } from "~/lib/forms/staff-login";
import { ipBudgetKey } from "~/lib/ip-budget";
import { safeRedirect } from "~/lib/safe-redirect";
import { hasTwoFactor } from "~/models/staff.server";
import { authenticator, getStaff, InvalidCredentials, loginBudgetKey } from "~/utils/auth.server";
import { overBudget, readForm } from "~/utils/form-pipeline.server";
import { reserveAttempt, retryText } from "~/utils/rate-limit.server";
import { refusalHeaders } from "~/utils/refusal-headers";
import { rotateSession } from "~/utils/session-rotation.server";
import { isTrustedFor, readTrustedDevice, trustDevice } from "~/utils/trusted-device.server";

export const meta: MetaFunction = () => [{ title: "Staff login" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getStaff(request)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin"));
  }
  return null;
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  const username = String(form.get(STAFF_LOGIN_FIELDS.username) ?? "")
    .trim()
    .toLowerCase();
  const redirectTo = safeRedirect(form.get(STAFF_LOGIN_FIELDS.redirectTo), "/admin");

  // The budget is spent before the password is checked (reserveAttempt, rate-limit.server.ts). A browser
  // that has signed in as this user before is counted on its own budget, so strangers
  // failing with this username cannot lock it out; anyone else per IP and per username.
  const device = await readTrustedDevice(request);
  const principal = `staff:${username}` as const;
  const reservation = await reserveAttempt(
    isTrustedFor(device, principal)
      ? [["loginDevice", `${device.id}:${username}`]]
      : [
          ["loginIp", ipBudgetKey(context.clientIp)],
          ["loginUser", loginBudgetKey(username)],
        ],
  );
  if (!reservation.ok) {
    return overBudget(
      { error: `Too many login attempts. ${retryText(reservation.retryAfterSeconds)}` },
      reservation,
    );
  }

  let staff;
  try {
    staff = await authenticator.authenticate("staff-form", request);
  } catch (error) {
    await reservation.settle(false);
    if (error instanceof InvalidCredentials) return json({ error: "Invalid credentials" }, { status: 401 });
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

export default function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData?.error;
  return (
    <section className="section container auth-page">
      <div className="panel auth-panel">
        <h1>Staff login</h1>
        <Form method="post" noValidate={false}>
          <input
            type="hidden"
            name={STAFF_LOGIN_FIELDS.redirectTo}
            value={params.get("redirectTo") ?? "/admin"}
          />
          {error ? (
            <p className="form-error" role="alert" id="login-error">
              {error}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor="username">Username</label>
            <input
              id="username"
              name={STAFF_LOGIN_FIELDS.username}
              type="text"
              autoComplete="username"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "login-error" : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <input
              id="password"
              name={STAFF_LOGIN_FIELDS.password}
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "login-error" : undefined}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Logging in..." : "Log In"}
          </button>
        </Form>
      </div>
    </section>
  );
}
