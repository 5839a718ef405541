import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldErrors, FormErrors, Honeypot } from "~/components/form-parts";
import { NEWSLETTER_ALREADY, NEWSLETTER_SUCCESS, newsletterSchema } from "~/lib/forms/newsletter";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { newSubmissionToken } from "~/lib/submission-token";
import { saveNewsletterSignup } from "~/models/submissions.server";
import contentStyles from "~/styles/content.css";
import formStyles from "~/styles/forms.css";
import { handleForm } from "~/utils/form-pipeline.server";
import { logger } from "~/utils/logger.server";
import { publicOrigin } from "~/utils/origin.server";
import { spendPublicFormBudget } from "~/utils/public-form.server";
import { refusalHeaders } from "~/utils/refusal-headers";
import { redirectWithFlash } from "~/utils/session.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: contentStyles },
  { rel: "stylesheet", href: formStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: `Merch: Coming Soon | ${SITE.name}`,
    description: "Laugh Windsor merch is coming soon. Leave your e-mail and we'll tell you when it drops.",
    url: data ? `${data.origin}/merch` : undefined,
    origin: data?.origin,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  // A fresh key per render: after a sign-up the form remounts empty.
  return json({ origin: publicOrigin(request), formKey: newSubmissionToken() });
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await handleForm(request, {
    schema: newsletterSchema,
    limits: { maxBytes: 2 * 1024, maxFields: 10, maxFieldBytes: 1024 },
    honeypot: () => redirectWithFlash(request, "/merch", { type: "success", message: NEWSLETTER_SUCCESS }),
    budget: () => spendPublicFormBudget("newsletter", context.clientIp),
  });
  if (!form.ok) return form.response;
  const submission = { value: form.value, reply: form.reply };
  try {
    const saved = saveNewsletterSignup(submission.value.email, "merch");
    return redirectWithFlash(request, "/merch", {
      type: saved.created ? "success" : "info",
      message: saved.created ? NEWSLETTER_SUCCESS : NEWSLETTER_ALREADY,
    });
  } catch (error) {
    logger().error({ err: error }, "storing a newsletter sign-up failed");
    return json(
      submission.reply({ formErrors: ["We couldn't save your e-mail just now. Please try again."] }),
      { status: 500 },
    );
  }
}

export default function Merch() {
  const lastResult = useActionData<typeof action>();
  const { formKey } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/merch";
  const [form, fields] = useForm({
    id: "newsletter-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(newsletterSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
  });
  return (
    <div className="content-page container section merch-page">
      <div className="panel merch-panel">
        <p className="badge badge--special">Merch</p>
        <h1>Coming Soon</h1>
        <p className="content-lead">
          T-shirts, hoodies and a few surprises are on the way. Leave your e-mail and we'll tell you when they
          drop.
        </p>
        <Form method="post" action="/merch" className="newsletter-form" key={formKey} {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Honeypot />
          <div className="field newsletter-form__row">
            <label htmlFor={fields.email.id}>Email address</label>
            <div className="newsletter-form__controls">
              <input
                {...getInputProps(fields.email, { type: "email" })}
                autoComplete="email"
                placeholder="you@example.com"
              />
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? "Saving..." : "Notify Me"}
              </button>
            </div>
            <FieldErrors id={fields.email.errorId} errors={fields.email.errors} />
          </div>
        </Form>
      </div>
    </div>
  );
}
