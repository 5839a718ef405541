import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FormErrors, Honeypot } from "~/components/form-parts";
import { confirmSignup } from "~/features/mail-lists/confirm.server";
import { confirmationExpired, listPurpose } from "~/lib/consent";
import { SITE } from "~/lib/site";
import { findListEntry } from "~/models/mail-lists.server";
import formStyles from "~/styles/forms.css";
import publicStyles from "~/styles/public.css";
import { refusalHeaders } from "~/utils/refusal-headers";

/**
 * /confirm/:token: the link of a sign-up's confirmation e-mail (double opt-in, issue 39). The GET
 * shows what is being confirmed and a button (a GET never confirms: mail scanners follow links);
 * the POST confirms (app/features/mail-lists/confirm.server.ts).
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "stylesheet", href: formStyles },
];

export const meta: MetaFunction = () => [
  { title: `Confirm your e-mail | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const entry = findListEntry(params.token ?? "");
  const state =
    !entry || entry.unsubscribedAt
      ? "not-found"
      : entry.confirmedAt
        ? "confirmed"
        : confirmationExpired(entry.createdAt, new Date())
          ? "expired"
          : "open";
  return json(
    {
      state,
      email: state === "open" ? entry!.email : null,
      purpose: entry ? listPurpose(entry.list, entry.performance) : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const headers = refusalHeaders;

export async function action({ request, params }: ActionFunctionArgs) {
  return confirmSignup(request, params.token ?? "");
}

export default function Confirm() {
  const { state, email, purpose } = useLoaderData<typeof loader>();
  return (
    <div className="container section content-page">
      <h1>Confirm your e-mail</h1>
      {state === "open" ? (
        <Form method="post" className="panel public-form">
          <FormErrors id="confirm-errors" errors={undefined} />
          <Honeypot />
          <p>
            Send <strong>{email}</strong> {purpose}?
          </p>
          <button type="submit" className="button button--primary">
            Confirm
          </button>
        </Form>
      ) : (
        <p className="event-notice" role="status">
          {state === "confirmed"
            ? "This address is confirmed: you're on the list."
            : state === "expired"
              ? "This link has expired (48 hours): please sign up again."
              : "This link is no longer valid: the address is not on the list."}
        </p>
      )}
      <p>
        <Link to="/" className="back-link">
          ← Back to Home
        </Link>
      </p>
    </div>
  );
}
