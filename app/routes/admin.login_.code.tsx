import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { handleSecondStep, pendingStaff } from "~/features/staff/staff-actions.server";
import { refusalHeaders } from "~/utils/refusal-headers";

/** /admin/login/code (issue 38): the sign-in's second step, after a right password. */
export const meta: MetaFunction = () => [
  { title: "Staff login: code" },
  { name: "robots", content: "noindex" },
];
export const headers = refusalHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await pendingStaff(request))) throw redirect("/admin/login");
  return json(null, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleSecondStep(request);
}

export default function LoginCode() {
  const result = useActionData<typeof action>() as { error?: Record<string, string[] | null> } | undefined;
  const [params] = useSearchParams();
  return (
    <section className="section container auth-page">
      <div className="panel auth-panel">
        <h1>Enter your code</h1>
        <p>
          Open your authenticator app and enter the 6-digit code for Laugh Windsor, or one of your recovery
          codes.
        </p>
        <Form method="post">
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/admin"} />
          <FormErrors id="code-error" errors={result?.error?.[""] ?? undefined} />
          <div className="field">
            <label htmlFor="code">Code</label>
            <input id="code" name="code" autoComplete="one-time-code" inputMode="numeric" required />
            <FieldErrors id="code-field-error" errors={result?.error?.code ?? undefined} />
          </div>
          <button type="submit" className="button button--primary">
            Sign in
          </button>
        </Form>
      </div>
    </section>
  );
}
