import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { OpenRoundConfirm } from "~/components/admin/open-round-confirm";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { handleReview } from "~/features/applications/review.server";
import { openRoundAction } from "~/features/voting/open-round.server";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { asReviewStatus, REVIEW_STATUS_LABELS, reviewSchema, type ReviewStatus } from "~/lib/shortlist";
import { TICKET_CHECK_LABELS, TICKET_CHECKS } from "~/lib/ticket-votes";
import { roundsOfShow } from "~/models/application-review.server";
import { getShow } from "~/models/events.server";
import { listApplications } from "~/models/submissions.server";
import adminStyles from "~/styles/admin.css";
import contentStyles from "~/styles/content.css";
import { requireStaff } from "~/utils/auth.server";

/** /admin/applications/:id/review: shortlist or decline, notes, e-mail the shortlisted, open the round (issue 18). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: contentStyles },
  { rel: "stylesheet", href: adminStyles },
];
export const meta: MetaFunction = () => [
  { title: "Review applications" },
  { name: "robots", content: "noindex" },
];

function showOr404(raw: string | undefined) {
  const show = getShow(parseId(raw));
  if (!show) throw new Response("Not Found", { status: 404 });
  return show;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const show = showOr404(params.id);
  const applications = listApplications(show.id).map((a) => ({
    id: a.id,
    fullName: a.fullName,
    email: a.email,
    funBio: a.funBio,
    reviewStatus: a.reviewStatus,
    reviewNotes: a.reviewNotes,
    selectedEmailed: a.selectedEmailedAt !== null,
    comedianId: a.comedianId,
  }));
  return json({
    show: { id: show.id, title: show.title, date: show.date, notifyOn: show.contestantsNotifiedOn },
    applications,
    rounds: roundsOfShow(show.id),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const show = showOr404(params.id);
  // Issue 37: opening the round is /admin/rounds' handler (the confirmation when rooms are voting).
  if (new URL(request.url).searchParams.get("intent") === "open-round")
    return openRoundAction(request, staff, { kind: "shortlist", eventId: show.id }, reviewPath(show.id));
  return handleReview(request, staff, show);
}

const reviewPath = (id: number) => `/admin/applications/${id}/review`;

type FormReply = SubmissionResult<string[]>;
type ReviewRow = {
  id: number;
  fullName: string;
  email: string;
  funBio: string | null;
  reviewStatus: ReviewStatus;
  reviewNotes: string;
  selectedEmailed: boolean;
  comedianId: number | null;
};

/**
 * One applicant (issue 42): Shortlist and Decline are one click each, Undo puts a decision back
 * to "not reviewed", and "Save notes" keeps the decision. One real POST form, so it works without
 * JavaScript (the page comes back with a flash); with JavaScript it posts through a fetcher that
 * keeps the list where it is and shows the new status at once.
 */
function Applicant({ application: a, lastResult }: { application: ReviewRow; lastResult: FormReply | null }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useForm({
    id: `review-${a.id}`,
    lastResult: fetcher.data && "status" in fetcher.data ? fetcher.data : lastResult,
    defaultValue: { applicationId: String(a.id), notes: a.reviewNotes },
    constraint: getZodConstraint(reviewSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
  });
  // A click shows its decision until the server's answer replaces it.
  const status = asReviewStatus(fetcher.formData?.get("status")) ?? a.reviewStatus;
  const decide = (to: ReviewStatus, label: string) => (
    <button
      type="submit"
      name="status"
      value={to}
      aria-pressed={status === to}
      className="button button--small button--outline"
    >
      {label}
      <span className="visually-hidden"> {a.fullName}</span>
    </button>
  );
  return (
    <li className="panel review-applicant" data-status={status}>
      <h2>{a.fullName}</h2>
      <p>
        {a.email} ·{" "}
        <strong className="review-applicant__status" aria-live="polite">
          {REVIEW_STATUS_LABELS[status]}
          {status === "shortlisted" && a.selectedEmailed ? ", e-mailed" : ""}
        </strong>
        {a.comedianId ? " · in a voting round" : ""}
      </p>
      {a.funBio ? <p>{a.funBio}</p> : null}
      <fetcher.Form method="post" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="applicationId" value={a.id} />
        <FormErrors
          id={form.errorId}
          errors={[
            ...(form.errors ?? []),
            ...(fields.applicationId.errors ?? []),
            ...(fields.status.errors ?? []),
          ]}
        />
        <div className="review-applicant__decision" role="group" aria-label={`Decision for ${a.fullName}`}>
          {decide("shortlisted", "Shortlist")}
          {decide("declined", "Decline")}
          {status !== "new" ? (
            <button
              type="submit"
              name="status"
              value="new"
              className="button button--small review-applicant__undo"
            >
              Undo<span className="visually-hidden"> the decision on {a.fullName}</span>
            </button>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={fields.notes.id}>Notes on {a.fullName}</label>
          <textarea {...getTextareaProps(fields.notes)} rows={2} />
          <FieldErrors id={fields.notes.errorId} errors={fields.notes.errors} alert />
        </div>
        <button type="submit" className="button button--outline button--small">
          Save notes<span className="visually-hidden"> on {a.fullName}</span>
        </button>
      </fetcher.Form>
    </li>
  );
}

export default function ReviewApplications() {
  const { show, applications, rounds } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  const confirm = answer && "confirm" in answer ? answer.confirm : null;
  const reply = answer && !("confirm" in answer) ? answer : null;
  // A refused post belongs to the application it names; anything else is shown above the list.
  const replyFor = (id: number) => (reply?.initialValue?.applicationId === String(id) ? reply : null);
  const forSomeRow = applications.some((a) => replyFor(a.id));
  const pageErrors = reply && !forSomeRow ? Object.values(reply.error ?? {}).flatMap((e) => e ?? []) : [];
  const shortlisted = applications.filter((a) => a.reviewStatus === "shortlisted");
  const toEmail = shortlisted.filter((a) => !a.selectedEmailed).length;
  return (
    <section className="section container admin-inbox">
      <p>
        <Link to={`/admin/applications?event=${show.id}`}>← Applications</Link>
      </p>
      <h1>Review: {show.title}</h1>
      <p>
        {formatLongDate(show.date)} · {applications.length} application{applications.length === 1 ? "" : "s"}{" "}
        · {shortlisted.length} shortlisted
        {show.notifyOn ? ` · selected contestants are told on ${formatLongDate(show.notifyOn)}` : ""}
      </p>
      <FormErrors id="review-errors" errors={pageErrors} />
      <div className="host-controls__row">
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="email"
            className="button button--primary"
            disabled={toEmail === 0}
          >
            E-mail the shortlisted ({toEmail})
          </button>
        </Form>
        <Form method="post" action={`${reviewPath(show.id)}?intent=open-round`}>
          {/* Issue 41: the round can count ticket holders' votes only, or prefer them. */}
          <div className="field">
            <label htmlFor="round-ticket-check">Ticket holders</label>
            <select id="round-ticket-check" name="ticketCheck" defaultValue="off">
              {TICKET_CHECKS.map((c) => (
                <option key={c} value={c}>
                  {TICKET_CHECK_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--dark" disabled={shortlisted.length === 0}>
            Open a voting round with the shortlisted ({shortlisted.length})
          </button>
        </Form>
      </div>
      {confirm ? (
        <OpenRoundConfirm
          confirm={confirm}
          action={`${reviewPath(show.id)}?intent=open-round`}
          cancelTo={reviewPath(show.id)}
        />
      ) : null}
      {rounds.length ? (
        <p>
          Voting rounds for this show:{" "}
          {rounds.map((r) => (
            <Link key={r.id} to={`/results?round=${r.id}`}>
              {r.title}{" "}
            </Link>
          ))}
        </p>
      ) : null}
      {applications.length === 0 ? (
        <p>No applications yet.</p>
      ) : (
        <ul className="review-list">
          {applications.map((a) => (
            <Applicant key={a.id} application={a} lastResult={replyFor(a.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
