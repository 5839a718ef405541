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
import { formatLongDate, todayIn } from "~/lib/dates";
import { waitlistSchema } from "~/lib/forms/waitlist";
import { parseId } from "~/lib/ids";
import { SITE } from "~/lib/site";
import { canJoinWaitlist, waitlistJoinedMessage } from "~/lib/waitlist";
import { findPerformance, joinWaitlist } from "~/models/waitlist.server";
import formStyles from "~/styles/forms.css";
import publicStyles from "~/styles/public.css";
import { getEnv } from "~/utils/env.server";
import { overBudget, readForm } from "~/utils/form-pipeline.server";
import { spendPublicFormBudget } from "~/utils/public-form.server";
import { refusalHeaders } from "~/utils/refusal-headers";
import { isHoneypotFilled } from "~/utils/request-guards.server";

/**
 * /event/:id/waitlist: the answer page of "Tell me when tickets free up" (the form itself
 * sits on the event page). GET ?date= shows the form for that date; POST joins the list.
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
  const url = new URL(request.url);
  const date = url.searchParams.get("date") ?? "";
  const performance = performanceFor(eventId, date);
  if (!performance) throw redirect(`/event/${eventId}`);
  const joined = url.searchParams.get("joined");
  return json({
    eventId,
    performance,
    message:
      joined === "new" || joined === "already"
        ? waitlistJoinedMessage(performance.title, date, joined === "already")
        : null,
  });
}

type ActionData = { errors: { form?: string[]; email?: string[] }; email: string; date: string };

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eventId = parseEventId(params.id);
  const formData = await readForm(request);
  const rawDate = String(formData.get("date") ?? "");
  const email = String(formData.get("email") ?? "").slice(0, 300);
  const done = (joined: "new" | "already", date: string) =>
    redirect(`/event/${eventId}/waitlist?date=${encodeURIComponent(date)}&joined=${joined}`);
  // A bot filled the honeypot: answer as if it worked, store nothing.
  if (isHoneypotFilled(formData)) return done("new", rawDate);
  const parsed = waitlistSchema.safeParse({
    email: formData.get("email") ?? undefined,
    date: formData.get("date") ?? undefined,
  });
  const reply = (errors: ActionData["errors"], status: number, headers?: HeadersInit) =>
    json<ActionData>({ errors, email, date: rawDate }, { status, headers });
  if (!parsed.success) {
    const flat = parsed.error.flatten().fieldErrors;
    return reply({ email: flat.email, form: flat.date }, 400);
  }
  const performance = performanceFor(eventId, parsed.data.date);
  if (!performance) return reply({ form: ["That date is not one of this show's dates."] }, 400);
  if (!performance.open) {
    return reply(
      { form: ["Tickets for this date are not sold out (or the show is over): there is no list to join."] },
      409,
    );
  }
  const budget = await spendPublicFormBudget("waitlist", context.clientIp);
  if (!budget.ok) return overBudget({ errors: { form: [budget.message] }, email, date: rawDate }, budget);
  const { created } = joinWaitlist({
    eventId: performance.eventId,
    date: parsed.data.date,
    email: parsed.data.email,
    ipAddress: context.clientIp,
  });
  return done(created ? "new" : "already", parsed.data.date);
}

export default function WaitlistPage() {
  const { eventId, performance, message } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <div className="container section content-page">
      <h1>{performance.title}</h1>
      <p>
        <time dateTime={performance.date}>{formatLongDate(performance.date)}</time>
      </p>
      {message ? (
        <p className="event-notice" role="status">
          {message}
        </p>
      ) : performance.open ? (
        <WaitlistForm
          eventId={eventId}
          date={performance.date}
          errors={actionData?.errors}
          email={actionData?.email}
        />
      ) : (
        <>
          {actionData?.errors.form ? (
            <p className="form-error" role="alert">
              {actionData.errors.form.join(" ")}
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
