import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { handleLogin } from "~/features/staff/login.server";
import { STAFF_LOGIN_FIELDS, staffLoginSchema } from "~/lib/forms/staff-login";
import { safeRedirect } from "~/lib/safe-redirect";
import { getStaff } from "~/utils/auth.server";
import { refusalHeaders } from "~/utils/refusal-headers";

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
  return handleLogin(request, context.clientIp);
}

export default function AdminLogin() {
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "staff-login",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(staffLoginSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffLoginSchema }),
  });
  // A refused sign-in ("Invalid credentials", too many attempts) concerns both fields.
  const refused = form.errors?.length ? form.errorId : undefined;
  const describedBy = (errorId: string, errors?: string[]) =>
    [errors?.length ? errorId : null, refused].filter(Boolean).join(" ") || undefined;
  return (
    <section className="section container auth-page">
      <div className="panel auth-panel">
        <h1>Staff login</h1>
        <Form method="post" {...getFormProps(form)}>
          <input
            type="hidden"
            name={STAFF_LOGIN_FIELDS.redirectTo}
            value={params.get("redirectTo") ?? "/admin"}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="field">
            <label htmlFor={fields.username.id}>Username</label>
            <input
              {...getInputProps(fields.username, { type: "text" })}
              autoComplete="username"
              aria-invalid={fields.username.errors?.length || refused ? true : undefined}
              aria-describedby={describedBy(fields.username.errorId, fields.username.errors)}
            />
            <FieldErrors id={fields.username.errorId} errors={fields.username.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.password.id}>Password</label>
            <input
              {...getInputProps(fields.password, { type: "password" })}
              autoComplete="current-password"
              aria-invalid={fields.password.errors?.length || refused ? true : undefined}
              aria-describedby={describedBy(fields.password.errorId, fields.password.errors)}
            />
            <FieldErrors id={fields.password.errorId} errors={fields.password.errors} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Logging in..." : "Log In"}
          </button>
        </Form>
      </div>
    </section>
  );
}
