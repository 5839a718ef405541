import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useBusinessZone } from "~/components/business-zone";
import { ContestantApplicationForm } from "~/components/contestant-application";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { handleApplication } from "~/features/applications/apply.server";
import { applicationsOpen, closedText } from "~/lib/contestant";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { SITE } from "~/lib/site";
import { newSubmissionToken } from "~/lib/submission-token";
import { getShow } from "~/models/events.server";
import formStyles from "~/styles/forms.css";
import { refusalHeaders } from "~/utils/refusal-headers";

/**
 * Receives the contestant application placed on the show pages. Success goes back to the
 * show page with ?applied=1 (the thank-you panel); invalid input re-renders the form here
 * with its errors and values (status 400), which is what a browser without JavaScript sees.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Apply: ${data.show.title} | ${SITE.name}` : "Apply" },
  { name: "robots", content: "noindex" },
];

function requireApplicationShow(id: string | undefined) {
  const show = getShow(parseId(id));
  if (!show || !show.acceptsApplications) throw new Response("Not Found", { status: 404 });
  return show;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const show = requireApplicationShow(params.id);
  return json({ show, token: newSubmissionToken() });
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApplication(request, requireApplicationShow(params.id), context.clientIp);
}

export default function ApplyPage() {
  const zone = useBusinessZone();
  const { show, token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const returnTo = lastResult?.initialValue?.returnTo;
  return (
    <section className="section container">
      <p>
        <Link to={`/event/${show.id}`}>← Back to the show</Link>
      </p>
      <div id="contestant-application" className="application panel">
        <h1 id="application-title">Apply to be a contestant</h1>
        <p>
          <strong>{show.title}</strong>, {formatLongDate(show.date)}
        </p>
        {applicationsOpen(show) ? (
          <ContestantApplicationForm
            show={show}
            lastResult={lastResult}
            token={token}
            returnTo={typeof returnTo === "string" ? returnTo : `/event/${show.id}`}
          />
        ) : (
          <p className="application__closed" role="alert">
            {closedText(show, zone)}
          </p>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
