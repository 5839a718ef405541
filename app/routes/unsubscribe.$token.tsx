import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatLongDate } from "~/lib/dates";
import { SITE } from "~/lib/site";
import { findListEntry } from "~/models/mail-lists.server";
import formStyles from "~/styles/forms.css";
import publicStyles from "~/styles/public.css";

/**
 * /unsubscribe/:token: the link in every promotional e-mail (issue 39). GET asks for
 * confirmation (link scanners follow GETs, so a GET never unsubscribes); the button posts to
 * the same URL, which is also the RFC 8058 one-click target of the List-Unsubscribe header.
 * That POST is answered by the server before Remix (server/front.ts,
 * app/features/mail-lists/unsubscribe.server.ts), which then renders this page with the
 * outcome in the load context (`unsubscribed`). The form reloads the document: there is no
 * Remix action to post to.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "stylesheet", href: formStyles },
];

export const meta: MetaFunction = () => [
  { title: `Unsubscribe | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const entry = findListEntry(params.token ?? "");
  return json(
    {
      result: context.unsubscribed ?? null,
      entry:
        entry && !entry.unsubscribedAt
          ? {
              email: entry.email,
              list: entry.list,
              title: entry.performance?.title ?? null,
              date: entry.performance?.date ?? null,
            }
          : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function Unsubscribe() {
  const { entry, result } = useLoaderData<typeof loader>();
  return (
    <div className="container section content-page">
      <h1>Unsubscribe</h1>
      {result === "left" ? (
        <p className="event-notice" role="status">
          Done: you won't get these e-mails any more.
        </p>
      ) : result === "not-on-list" || !entry ? (
        <p className="event-notice" role="status">
          This address is no longer on the list: there is nothing more to do.
        </p>
      ) : (
        <Form method="post" reloadDocument className="panel public-form">
          <p>
            Stop e-mails to <strong>{entry.email}</strong>{" "}
            {entry.list === "waitlist" && entry.title && entry.date ? (
              <>
                about tickets for <strong>{entry.title}</strong> on {formatLongDate(entry.date)}
              </>
            ) : (
              <>about {SITE.name} merch</>
            )}
            ?
          </p>
          <button type="submit" className="button button--primary">
            Unsubscribe
          </button>
        </Form>
      )}
      <p>
        <Link to="/" className="back-link">
          ← Back to Home
        </Link>
      </p>
    </div>
  );
}
