import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatLongDate } from "~/lib/dates";
import { SITE } from "~/lib/site";
import { findWaitlistEntry, leaveWaitlist } from "~/models/waitlist.server";
import formStyles from "~/styles/forms.css";
import publicStyles from "~/styles/public.css";

/**
 * /waitlist/unsubscribe/:token: the link in every waitlist e-mail. GET asks for
 * confirmation (link scanners follow GETs, so a GET never unsubscribes); POST leaves the
 * list. The POST is also the RFC 8058 one-click target of the List-Unsubscribe header:
 * mail providers send it from their servers, without our Origin and possibly as
 * multipart, so the server lets this one path through its same-site and content-type
 * checks (server/pipeline.ts) and the action reads no body: the secret token is the authority.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "stylesheet", href: formStyles },
];

export const meta: MetaFunction = () => [
  { title: `Leave the waitlist | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const entry = findWaitlistEntry(params.token ?? "");
  return json(
    {
      entry: entry
        ? { title: entry.title, date: entry.date, email: entry.email, eventId: entry.eventId }
        : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ params }: ActionFunctionArgs) {
  const left = leaveWaitlist(params.token ?? "");
  return json({ left }, { headers: { "Cache-Control": "no-store" } });
}

export default function Unsubscribe() {
  const { entry } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="container section content-page">
      <h1>Leave the waitlist</h1>
      {result ? (
        <p className="event-notice" role="status">
          {result.left
            ? "Done: you've left the list and your address is deleted. We won't e-mail you about this show."
            : "This address is no longer on the list: there is nothing more to do."}
        </p>
      ) : entry ? (
        <Form method="post" className="panel public-form">
          <p>
            Stop e-mails to <strong>{entry.email}</strong> about tickets for <strong>{entry.title}</strong> on{" "}
            {formatLongDate(entry.date)}?
          </p>
          <button type="submit" className="button button--primary">
            Leave the list
          </button>
        </Form>
      ) : (
        <p className="event-notice" role="status">
          This address is no longer on the list: there is nothing more to do.
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
