import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { safeRedirect } from "~/lib/safe-redirect";
import { authenticator, getStaff, InvalidCredentials } from "~/utils/auth.server";
import { consume, peek, reset, retryText } from "~/utils/rate-limit.server";
import { requireSameOrigin } from "~/utils/request-guards.server";
import { commitSession, destroySession, getSession, sessionStorage } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Staff login" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getStaff(request)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin"));
  }
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await request.clone().formData();
  const username = String(form.get("username") ?? "").trim().toLowerCase();
  const redirectTo = safeRedirect(form.get("redirectTo"), "/admin");

  // Only failed attempts count against the budgets (per IP and per username).
  const budgets = [["loginIp", context.clientIp], ["loginUser", username]] as const;
  for (const [limit, key] of budgets) {
    const result = await peek(limit, key);
    if (!result.ok) {
      return json(
        { error: `Too many login attempts. ${retryText(result.retryAfterSeconds)}` },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
  }

  let staff;
  try {
    staff = await authenticator.authenticate("staff-form", request);
  } catch (error) {
    if (error instanceof InvalidCredentials) {
      await Promise.all(budgets.map(([limit, key]) => consume(limit, key)));
      return json({ error: "Invalid credentials" }, { status: 401 });
    }
    throw error;
  }
  await reset("loginUser", username);

  // A brand-new session on login (no fixation): drop the old one, start another.
  const headers = new Headers();
  const previous = await getSession(request);
  if (previous.id) headers.append("Set-Cookie", await destroySession(previous));
  const session = await sessionStorage().getSession();
  session.set("staffId", staff.id);
  headers.append("Set-Cookie", await commitSession(session));
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
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/admin"} />
          {error ? (
            <p className="form-error" role="alert" id="login-error">{error}</p>
          ) : null}
          <div className="field">
            <label htmlFor="username">Username</label>
            <input id="username" name="username" type="text" autoComplete="username" required
              aria-invalid={error ? true : undefined} aria-describedby={error ? "login-error" : undefined} />
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <input id="password" name="password" type="password" autoComplete="current-password" required
              aria-invalid={error ? true : undefined} aria-describedby={error ? "login-error" : undefined} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Logging in..." : "Log In"}
          </button>
        </Form>
      </div>
    </section>
  );
}
