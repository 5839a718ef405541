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
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { enrolmentSecret, handleTwoFactorPost } from "~/features/staff/staff-actions.server";
import { disableTwoFactorSchema, enrolSchema } from "~/lib/forms/staff";
import { hasTwoFactor, twoFactorRequired } from "~/models/staff.server";
import adminStyles from "~/styles/admin.css";
import formStyles from "~/styles/forms.css";
import { requireStaff } from "~/utils/auth.server";
import { qrSvg } from "~/utils/qr.server";
import { totpUri } from "~/utils/totp.server";

/** /admin/two-factor (issue 38): a staff member turns their authenticator-app sign-in on or off. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: formStyles },
];
export const meta: MetaFunction = () => [
  { title: "Two-factor sign-in" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireStaff(request, { enrolling: true });
  const headers = { "Cache-Control": "private, no-store" };
  if (hasTwoFactor(me.id))
    return json({ on: true as const, required: twoFactorRequired(), qr: null, secret: null }, { headers });
  const { secret, setCookie } = await enrolmentSecret(request);
  const qr = await qrSvg(totpUri(me.username, secret));
  return json(
    { on: false as const, required: twoFactorRequired(), qr, secret },
    { headers: setCookie ? { ...headers, "Set-Cookie": setCookie } : headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireStaff(request, { enrolling: true });
  return handleTwoFactorPost(request, me);
}

type Reply = SubmissionResult<string[]>;

/** One code form (turn on, or turn off): the page's schema for it through Conform on both sides. */
function CodeForm({
  intent,
  label,
  button,
  lastResult,
}: {
  intent: "enable" | "disable";
  label: string;
  button: string;
  lastResult: Reply | null;
}) {
  const schema = intent === "enable" ? enrolSchema : disableTwoFactorSchema;
  const [form, fields] = useForm({
    id: `two-factor-${intent}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" className="panel two-factor-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.code.id}>{label}</label>
        <input
          {...getInputProps(fields.code, { type: "text" })}
          autoComplete="one-time-code"
          inputMode={intent === "enable" ? "numeric" : "text"}
          autoCapitalize="none"
          spellCheck={false}
        />
        <FieldErrors id={fields.code.errorId} errors={fields.code.errors} alert />
      </div>
      <button type="submit" className={intent === "enable" ? "button button--primary" : "button"}>
        {button}
      </button>
    </Form>
  );
}

export default function TwoFactor() {
  const { on, required, qr, secret } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const data = useActionData<typeof action>();
  if (data && "recoveryCodes" in data) {
    return (
      <section className="section container admin">
        <h1>Two-factor sign-in is on</h1>
        <p>
          Keep these recovery codes somewhere safe (a password manager, or printed). Each signs you in once if
          your phone is lost. They are shown only now.
        </p>
        <ul className="recovery-codes" aria-label="Recovery codes">
          {data.recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/admin">Continue to the dashboard</Link>
        </p>
      </section>
    );
  }
  // The last refused post (Conform's reply), once its answer is the page shown.
  const reply: Reply | null = navigation.state === "idle" && data ? data : null;
  return (
    <section className="section container admin">
      <nav aria-label="Staff pages" className="admin-links">
        <ul>
          <li>
            <Link to="/admin">← Admin dashboard</Link>
          </li>
          <li>
            <Link to="/admin/staff">Staff</Link>
          </li>
        </ul>
      </nav>
      <h1>Two-factor sign-in</h1>
      {on ? (
        <>
          <p>On: you sign in with your password and a code from your authenticator app.</p>
          <CodeForm
            intent="disable"
            label="Code from your app (or a recovery code) to turn it off"
            button="Turn two-factor sign-in off"
            lastResult={reply}
          />
        </>
      ) : (
        <>
          {required ? (
            <p className="form-error" role="alert">
              Two-factor sign-in is required for every staff member: set it up to go on.
            </p>
          ) : null}
          <div className="two-factor-setup">
            <div>
              <ol>
                <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy...).</li>
                <li>Scan this code, or type the key below.</li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <p className="two-factor-key">
                Key (spaces optional):{" "}
                <code data-testid="totp-secret">{secret?.match(/.{1,4}/g)?.join(" ")}</code>
              </p>
            </div>
            {/* Drawn and sanitized on the server (qr.server.ts): no script needed. */}
            <div
              className="two-factor-qr"
              role="img"
              aria-label="QR code for your authenticator app"
              dangerouslySetInnerHTML={{ __html: qr ?? "" }}
            />
          </div>
          <CodeForm
            intent="enable"
            label="6-digit code"
            button="Turn on two-factor sign-in"
            lastResult={reply}
          />
        </>
      )}
    </section>
  );
}
