import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { handleStaffPost } from "~/features/staff/staff-actions.server";
import { formatInZone } from "~/lib/zoned-time";
import { listStaff, listStaffSessions, sessionKey, twoFactorRequired } from "~/models/staff.server";
import adminStyles from "~/styles/admin.css";
import formStyles from "~/styles/forms.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { getSession } from "~/utils/session.server";

/** /admin/staff (issue 38): staff members, their sessions and the two-factor requirement. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: formStyles },
];
export const meta: MetaFunction = () => [{ title: "Staff" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireStaff(request);
  const zone = getEnv().APP_TIMEZONE;
  const when = (d: Date | null) => (d ? formatInZone(d, "yyyy-MM-dd h:mm a", zone) : "never");
  const mine = (await getSession(request)).id;
  const names = new Map(listStaff().map((s) => [s.id, s.username]));
  return json(
    {
      me: me.username,
      required: twoFactorRequired(),
      staff: listStaff().map((s) => ({
        ...s,
        createdAt: when(s.createdAt),
        lastLoginAt: when(s.lastLoginAt),
      })),
      sessions: listStaffSessions().map((s) => ({
        key: s.key,
        username: names.get(s.staffId) ?? "(removed)",
        signedInAt: when(s.signedInAt),
        expiresAt: when(s.expiresAt),
        current: mine ? s.key === sessionKey(mine) : false,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireStaff(request);
  return handleStaffPost(request, me);
}

type Reply = { error?: Record<string, string[] | null> } | undefined;

export default function AdminStaff() {
  const { me, required, staff, sessions } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as { intent: string | null; result: Reply } | undefined;
  const errors = (intent: string, field = "") =>
    data?.intent === intent ? (data.result?.error?.[field] ?? undefined) : undefined;
  const formErrors = (intent: string) => errors(intent, "");
  return (
    <section className="section container admin">
      <p>
        <Link to="/admin">← Admin dashboard</Link> ·{" "}
        <Link to="/admin/two-factor">Your two-factor sign-in</Link>
      </p>
      <h1>Staff</h1>
      {data && data.intent === null ? (
        <FormErrors id="staff-error" errors={data.result?.error?.[""] ?? undefined} />
      ) : null}

      <table className="admin-table">
        <caption>Staff members</caption>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Added</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Two-factor</th>
            <th scope="col">Sessions</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {staff.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                {s.username}
                {s.username === me ? " (you)" : ""}
              </th>
              <td>{s.createdAt}</td>
              <td>{s.lastLoginAt}</td>
              <td>{s.twoFactor ? `On (${s.recoveryCodesLeft} recovery codes left)` : "Off"}</td>
              <td>{s.sessions}</td>
              <td>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="staffId" value={s.id} />
                  <label htmlFor={`password-${s.id}`}>New password for {s.username}</label>
                  <input
                    id={`password-${s.id}`}
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    minLength={10}
                    required
                  />
                  <button type="submit" name="intent" value="reset" className="button">
                    Reset password (ends their sessions)
                  </button>
                </Form>
                {s.twoFactor ? (
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="staffId" value={s.id} />
                    <button type="submit" name="intent" value="reset-two-factor" className="button">
                      Clear two-factor of {s.username}
                    </button>
                  </Form>
                ) : null}
                <Form method="post" className="inline-form">
                  <input type="hidden" name="staffId" value={s.id} />
                  <button type="submit" name="intent" value="remove" className="button button--danger">
                    Remove {s.username}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormErrors id="reset-error" errors={formErrors("reset") ?? errors("reset", "password")} />
      <FormErrors id="remove-error" errors={formErrors("remove")} />

      <h2>Add a staff member</h2>
      <Form method="post" className="admin-form">
        <FormErrors id="add-error" errors={formErrors("add")} />
        <div className="field">
          <label htmlFor="new-username">Username</label>
          <input
            id="new-username"
            name="username"
            autoComplete="off"
            required
            pattern="[A-Za-z0-9._\-]{2,40}"
          />
          <FieldErrors id="new-username-error" errors={errors("add", "username")} />
        </div>
        <div className="field">
          <label htmlFor="new-password">Password (at least 10 characters)</label>
          <input
            id="new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={10}
            required
          />
          <FieldErrors id="new-password-error" errors={errors("add", "password")} />
        </div>
        <button type="submit" name="intent" value="add" className="button button--primary">
          Add staff member
        </button>
      </Form>

      <h2>Signed-in sessions</h2>
      <FormErrors id="session-error" errors={formErrors("end-session")} />
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Signed in</th>
            <th scope="col">Ends</th>
            <th scope="col">End it</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.key}>
              <td>
                {s.username}
                {s.current ? " (this browser)" : ""}
              </td>
              <td>{s.signedInAt}</td>
              <td>{s.expiresAt}</td>
              <td>
                <Form method="post">
                  <input type="hidden" name="sessionKey" value={s.key} />
                  <button type="submit" name="intent" value="end-session" className="button">
                    End session of {s.username}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Two-factor sign-in for everyone</h2>
      <p>
        {required
          ? "Required: every staff member signs in with a code from an authenticator app (or a recovery code)."
          : "Not required: members may turn it on for themselves."}
      </p>
      <FormErrors id="require-error" errors={formErrors("require-two-factor")} />
      <Form method="post">
        <input type="hidden" name="required" value={required ? "off" : "on"} />
        <button type="submit" name="intent" value="require-two-factor" className="button">
          {required
            ? "Stop requiring two-factor sign-in"
            : "Require two-factor sign-in for every staff member"}
        </button>
      </Form>
    </section>
  );
}
