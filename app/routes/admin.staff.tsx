import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldErrors, FormErrors, Hint } from "~/components/form-parts";
import { handleStaffPost } from "~/features/staff/staff-actions.server";
import { addStaffSchema, resetPasswordSchema } from "~/lib/forms/staff";
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
  const when = (d: Date | null) => (d ? formatInZone(d, "MMM d, yyyy h:mm a", zone) : "never");
  const mine = (await getSession(request)).id;
  const staff = listStaff();
  const names = new Map(staff.map((s) => [s.id, s.username]));
  return json(
    {
      me: me.username,
      required: twoFactorRequired(),
      staff: staff.map((s) => ({ ...s, createdAt: when(s.createdAt), lastLoginAt: when(s.lastLoginAt) })),
      sessions: listStaffSessions().map((s) => ({
        key: s.key,
        username: names.get(s.staffId) ?? "(removed)",
        signedInAt: s.signedInAt ? when(s.signedInAt) : "not recorded",
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

type Reply = SubmissionResult<string[]>;
type Member = ReturnType<typeof useLoaderData<typeof loader>>["staff"][number];

/** The last refused post, when it came from the form with this intent (and this member or session). */
function replyOf(reply: Reply | null, intent: string, key?: [string, string | number]) {
  const sent = reply?.initialValue as Record<string, unknown> | undefined;
  if (!reply || sent?.intent !== intent) return null;
  if (key && sent?.[key[0]] !== String(key[1])) return null;
  return reply;
}

/** A refusal's messages, for forms of buttons only (the model said no: "you cannot remove yourself"). */
const messages = (reply: Reply | null) =>
  reply ? Object.values(reply.error ?? {}).flatMap((e) => e ?? []) : [];

/** A form of one button (and hidden values): its refusal, if any, shown under it. */
function ButtonForm({
  intent,
  values,
  reply,
  label,
  className = "button button--small",
}: {
  intent: string;
  values: Record<string, string | number>;
  reply: Reply | null;
  label: string;
  className?: string;
}) {
  const id = `${intent}-${Object.values(values).join("-") || "all"}`;
  return (
    <Form method="post" className="staff-card__form">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-describedby={reply ? `${id}-error` : undefined}>
        {label}
      </button>
      <FormErrors id={`${id}-error`} errors={messages(reply)} />
    </Form>
  );
}

/** A new password for one member: its own Conform form, with the errors of its last refused post. */
function ResetPasswordForm({ member, lastResult }: { member: Member; lastResult: Reply | null }) {
  const [form, fields] = useForm({
    id: `reset-${member.id}`,
    lastResult,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  return (
    <Form method="post" className="staff-card__form staff-card__reset" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="staffId" value={member.id} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.password.id}>New password for {member.username}</label>
        <input
          {...getInputProps(fields.password, {
            type: "password",
            ariaDescribedBy: `${fields.password.id}-hint`,
          })}
          autoComplete="new-password"
        />
        <Hint id={`${fields.password.id}-hint`}>Signs them out everywhere.</Hint>
        <FieldErrors id={fields.password.errorId} errors={fields.password.errors} alert />
      </div>
      <button type="submit" className="button button--small">
        Reset password
      </button>
    </Form>
  );
}

function AddStaffForm({ lastResult }: { lastResult: Reply | null }) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const [form, fields] = useForm({
    id: "add-staff",
    lastResult,
    constraint: getZodConstraint(addStaffSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addStaffSchema }),
  });
  return (
    <Form method="post" className="panel staff-add" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="add" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.username.id}>Username</label>
        <input
          {...getInputProps(fields.username, { type: "text" })}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <FieldErrors id={fields.username.errorId} errors={fields.username.errors} alert />
      </div>
      <div className="field">
        <label htmlFor={fields.password.id}>Password (at least 10 characters)</label>
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
        <FieldErrors id={fields.password.errorId} errors={fields.password.errors} alert />
      </div>
      <button type="submit" className="button button--primary" disabled={adding}>
        {adding ? "Adding..." : "Add staff member"}
      </button>
    </Form>
  );
}

export default function AdminStaff() {
  const { me, required, staff, sessions } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const data = useActionData<typeof action>();
  // The last refused post (400 with Conform's reply), once its answer is the page shown.
  const reply: Reply | null = navigation.state === "idle" && data ? data : null;
  const known = ["add", "reset", "remove", "reset-two-factor", "end-session", "require-two-factor"];
  const stray = reply && !known.includes(String(reply.initialValue?.intent)) ? messages(reply) : [];
  return (
    <section className="section container admin staff-page">
      <nav aria-label="Staff pages" className="admin-links">
        <ul>
          <li>
            <Link to="/admin">← Admin dashboard</Link>
          </li>
          <li>
            <Link to="/admin/two-factor">Your two-factor sign-in</Link>
          </li>
        </ul>
      </nav>
      <h1>Staff</h1>
      <FormErrors id="staff-error" errors={stray} />

      <h2>Staff members</h2>
      <ul className="staff-cards">
        {staff.map((s) => (
          <li key={s.id} className="staff-card">
            <h3 className="staff-card__name">
              {s.username}
              {s.username === me ? <span className="staff-card__you"> (you)</span> : null}
            </h3>
            <dl className="staff-card__facts">
              <div>
                <dt>Added</dt>
                <dd>{s.createdAt}</dd>
              </div>
              <div>
                <dt>Last sign-in</dt>
                <dd>{s.lastLoginAt}</dd>
              </div>
              <div>
                <dt>Two-factor</dt>
                <dd>{s.twoFactor ? `On, ${s.recoveryCodesLeft} recovery codes left` : "Off"}</dd>
              </div>
              <div>
                <dt>Signed in</dt>
                <dd>
                  {s.sessions} session{s.sessions === 1 ? "" : "s"}
                </dd>
              </div>
            </dl>
            <ResetPasswordForm member={s} lastResult={replyOf(reply, "reset", ["staffId", s.id])} />
            {s.twoFactor || staff.length > 1 ? (
              <div className="staff-card__actions">
                {s.twoFactor ? (
                  <ButtonForm
                    intent="reset-two-factor"
                    values={{ staffId: s.id }}
                    reply={replyOf(reply, "reset-two-factor", ["staffId", s.id])}
                    label={`Clear two-factor of ${s.username}`}
                  />
                ) : null}
                {/* The last account cannot be removed (the model refuses it too): no button for it. */}
                {staff.length > 1 ? (
                  <ButtonForm
                    intent="remove"
                    values={{ staffId: s.id }}
                    reply={replyOf(reply, "remove", ["staffId", s.id])}
                    label={`Remove ${s.username}`}
                    className="button button--small button--danger"
                  />
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>

      <h2>Add a staff member</h2>
      <AddStaffForm lastResult={replyOf(reply, "add")} />

      <h2>Signed-in sessions</h2>
      {sessions.length === 0 ? <p>No one is signed in.</p> : null}
      <ul className="staff-cards">
        {sessions.map((s) => (
          <li key={s.key} className="staff-card">
            <h3 className="staff-card__name">
              {s.username}
              {s.current ? <span className="staff-card__you"> (this browser)</span> : null}
            </h3>
            <dl className="staff-card__facts">
              <div>
                <dt>Signed in</dt>
                <dd>{s.signedInAt}</dd>
              </div>
              <div>
                <dt>Ends</dt>
                <dd>{s.expiresAt}</dd>
              </div>
            </dl>
            <ButtonForm
              intent="end-session"
              values={{ sessionKey: s.key }}
              reply={replyOf(reply, "end-session", ["sessionKey", s.key])}
              label={`End session of ${s.username}`}
            />
          </li>
        ))}
      </ul>

      <h2>Two-factor sign-in for everyone</h2>
      <p>
        {required
          ? "Required: every staff member signs in with a code from an authenticator app (or a recovery code)."
          : "Not required: members may turn it on for themselves."}
      </p>
      <ButtonForm
        intent="require-two-factor"
        values={{ required: required ? "off" : "on" }}
        reply={replyOf(reply, "require-two-factor")}
        label={
          required ? "Stop requiring two-factor sign-in" : "Require two-factor sign-in for every staff member"
        }
        className="button"
      />
    </section>
  );
}
