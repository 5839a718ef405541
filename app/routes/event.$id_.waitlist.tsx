import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { WaitlistForm } from "~/components/waitlist-form";
import { waitlistSignup } from "~/features/mail-lists/signup.server";
import { formatLongDate, todayIn } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { SITE } from "~/lib/site";
import { canJoinWaitlist } from "~/lib/waitlist";
import { findPerformance } from "~/models/waitlist.server";
import formStyles from "~/styles/forms.css";
import publicStyles from "~/styles/public.css";
import { getEnv } from "~/utils/env.server";
import { refusalHeaders } from "~/utils/refusal-headers";

/**
 * /event/:id/waitlist: the answer page of "Tell me when tickets free up" (the form itself
 * sits on the event page). GET ?date= shows the form for that date; POST asks to join the
 * list (app/features/mail-lists/signup.server.ts: a confirmation e-mail, "check your inbox").
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "stylesheet", href: formStyles },
];

export const meta: MetaFunction = () => [
  { title: `Tickets waitlist | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

function parseEventId(raw: string | undefined) {
  const id = parseId(raw);
  if (!id) throw json("Event not found", { status: 404 });
  return id;
}

function performanceFor(eventId: number, date: string) {
  const performance = findPerformance(eventId, date);
  if (!performance) return null;
  const open = canJoinWaitlist({ ...performance, today: todayIn(getEnv().APP_TIMEZONE) });
  return { ...performance, open };
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const eventId = parseEventId(params.id);
  const date = new URL(request.url).searchParams.get("date") ?? "";
  const performance = performanceFor(eventId, date);
  if (!performance) throw redirect(`/event/${eventId}`);
  return json({ eventId, performance });
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, params, context }: ActionFunctionArgs) {
  return (await waitlistSignup(request, parseEventId(params.id), context)).response;
}

export default function WaitlistPage() {
  const { eventId, performance } = useLoaderData<typeof loader>();
  const reply = useActionData<SubmissionResult<string[]>>();
  const errors = reply?.error
    ? {
        form: reply.error[""] ?? reply.error.consent ?? reply.error.date ?? undefined,
        email: reply.error.email ?? undefined,
      }
    : undefined;
  const email = typeof reply?.initialValue?.email === "string" ? reply.initialValue.email : undefined;
  return (
    <div className="container section content-page">
      <h1>{performance.title}</h1>
      <p>
        <time dateTime={performance.date}>{formatLongDate(performance.date)}</time>
      </p>
      {performance.open ? (
        <WaitlistForm eventId={eventId} date={performance.date} errors={errors} email={email} />
      ) : (
        <>
          {errors?.form ? (
            <p className="form-error" role="alert">
              {errors.form.join(" ")}
            </p>
          ) : null}
          <p className="event-notice">
            Tickets for this date are not sold out: get them from the show's page.
          </p>
        </>
      )}
      <p>
        <Link to={`/event/${eventId}?date=${performance.date}`} className="back-link">
          ← Back to the show
        </Link>
      </p>
    </div>
  );
}
