import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { enrolmentSecret, handleTwoFactorPost } from "~/features/staff/staff-actions.server";
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

export default function TwoFactor() {
  const { on, required, qr, secret } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as
    { result?: { error?: Record<string, string[] | null> }; recoveryCodes: string[] | null } | undefined;
  const error = (field: string) => data?.result?.error?.[field] ?? undefined;
  if (data?.recoveryCodes) {
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
  return (
    <section className="section container admin">
      <p>
        <Link to="/admin">← Admin dashboard</Link> · <Link to="/admin/staff">Staff</Link>
      </p>
      <h1>Two-factor sign-in</h1>
      {on ? (
        <>
          <p>On: you sign in with your password and a code from your authenticator app.</p>
          <Form method="post" className="admin-form">
            <FormErrors id="disable-error" errors={error("")} />
            <div className="field">
              <label htmlFor="disable-code">Code from your app (or a recovery code) to turn it off</label>
              <input
                id="disable-code"
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
              />
              <FieldErrors id="disable-code-error" errors={error("code")} />
            </div>
            <button type="submit" name="intent" value="disable" className="button">
              Turn two-factor sign-in off
            </button>
          </Form>
        </>
      ) : (
        <>
          {required ? (
            <p className="form-error" role="alert">
              Two-factor sign-in is required for every staff member: set it up to go on.
            </p>
          ) : null}
          <ol>
            <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy...).</li>
            <li>Scan this code, or type the key below.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          {/* Drawn and sanitized on the server (qr.server.ts): no script needed. */}
          <div
            className="qr"
            role="img"
            aria-label="QR code for your authenticator app"
            dangerouslySetInnerHTML={{ __html: qr ?? "" }}
          />
          <p>
            Key: <code data-testid="totp-secret">{secret}</code>
          </p>
          <Form method="post" className="admin-form">
            <FormErrors id="enable-error" errors={error("")} />
            <div className="field">
              <label htmlFor="enable-code">6-digit code</label>
              <input id="enable-code" name="code" autoComplete="one-time-code" inputMode="numeric" required />
              <FieldErrors id="enable-code-error" errors={error("code")} />
            </div>
            <button type="submit" name="intent" value="enable" className="button button--primary">
              Turn on two-factor sign-in
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
