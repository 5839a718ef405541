import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
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
import { handleContact } from "~/features/contact/contact.server";
import { contactSchema } from "~/lib/forms/contact";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { newSubmissionToken } from "~/lib/submission-token";
import contentStyles from "~/styles/content.css";
import formStyles from "~/styles/forms.css";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { refusalHeaders } from "~/utils/refusal-headers";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: contentStyles },
  { rel: "stylesheet", href: formStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: `Contact ${SITE.name}`,
    description: "Questions about a show, tickets, private events or performing? Send us a message.",
    url: data ? `${data.origin}/contact` : undefined,
    origin: data?.origin,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  return json({
    origin: publicOrigin(request),
    contactEmail: getEnv().CONTACT_EMAIL,
    token: newSubmissionToken(),
  });
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleContact(request, context.clientIp);
}

export default function Contact() {
  const { contactEmail, token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });

  return (
    <div className="content-page container section">
      <header className="content-hero">
        <h1>Contact Us</h1>
        <p className="content-lead">
          Questions about a show, tickets, a private event or getting on stage? Send us a message and we'll
          get back to you.
        </p>
      </header>
      <div className="contact-layout">
        <aside className="panel contact-details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Contact details</h2>
          <dl>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </dd>
            <dt>Region</dt>
            <dd>{SITE.region}</dd>
            <dt>Follow us</dt>
            <dd>
              <ul className="inline-list">
                {SITE.social.map((s) => (
                  <li key={s.name}>
                    <a href={s.href} target="_blank" rel="noopener noreferrer">
                      {s.name}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
        </aside>

        {/* A new token after each success remounts the form: the fields are cleared. */}
        <Form
          method="post"
          action="/contact"
          className="panel public-form"
          key={token}
          {...getFormProps(form)}
        >
          <h2>Send a message</h2>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Honeypot />
          <input type="hidden" name="submissionToken" value={token} />
          <div className="field">
            <label htmlFor={fields.name.id}>Name</label>
            <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
            <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.email.id}>Email</label>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
            <FieldErrors id={fields.email.errorId} errors={fields.email.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.subject.id}>Subject</label>
            <input {...getInputProps(fields.subject, { type: "text" })} />
            <FieldErrors id={fields.subject.errorId} errors={fields.subject.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.message.id}>Message</label>
            <textarea {...getTextareaProps(fields.message)} rows={6} />
            <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
          </div>
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
    </div>
  );
}
