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
import { newsletterSignup } from "~/features/mail-lists/signup.server";
import { CONSENT_WORDING, CURRENT_CONSENT } from "~/lib/consent";
import { newsletterSchema } from "~/lib/forms/newsletter";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { newSubmissionToken } from "~/lib/submission-token";
import contentStyles from "~/styles/content.css";
import formStyles from "~/styles/forms.css";
import { publicOrigin } from "~/utils/origin.server";
import { refusalHeaders } from "~/utils/refusal-headers";

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

/** The newsletter box: the sign-up feature (consent record, double opt-in); "check your inbox" either way. */
export async function action({ request, context }: ActionFunctionArgs) {
  return (await newsletterSignup(request, context)).response;
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
          <input type="hidden" name="consent" value={CURRENT_CONSENT.newsletter} />
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
            <p className="field__hint">
              {CONSENT_WORDING[CURRENT_CONSENT.newsletter]} We'll e-mail you a link to confirm first.
            </p>
          </div>
        </Form>
      </div>
    </div>
  );
}
