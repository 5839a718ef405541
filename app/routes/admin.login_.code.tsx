import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { handleSecondStep, pendingStaff } from "~/features/staff/staff-actions.server";
import { secondFactorSchema } from "~/lib/forms/staff";
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
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "login-code",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(secondFactorSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorSchema }),
  });
  return (
    <section className="section container auth-page">
      <div className="panel auth-panel">
        <h1>Enter your code</h1>
        <p>
          Open your authenticator app and enter the 6-digit code for Laugh Windsor, or one of your recovery
          codes.
        </p>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/admin"} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="field">
            <label htmlFor={fields.code.id}>Code</label>
            <input
              {...getInputProps(fields.code, { type: "text" })}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
            />
            <FieldErrors id={fields.code.errorId} errors={fields.code.errors} alert />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Checking..." : "Sign in"}
          </button>
        </Form>
      </div>
    </section>
  );
}
