import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { desc, eq } from "drizzle-orm";
import { votingRounds } from "~/db/schema";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { REVIEW_STATUSES, reviewSchema } from "~/lib/shortlist";
import {
  emailShortlisted,
  openRoundFromShortlist,
  reviewApplication,
} from "~/models/application-review.server";
import { getShow } from "~/models/events.server";
import { listApplications } from "~/models/submissions.server";
import adminStyles from "~/styles/admin.css";
import contentStyles from "~/styles/content.css";
import { requireStaff } from "~/utils/auth.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { readForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { redirectWithFlash } from "~/utils/session.server";

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
  const rounds = db()
    .select({ id: votingRounds.id, title: votingRounds.title })
    .from(votingRounds)
    .where(eq(votingRounds.eventId, show.id))
    .orderBy(desc(votingRounds.id))
    .all();
  return json({
    show: { id: show.id, title: show.title, date: show.date, notifyOn: show.contestantsNotifiedOn },
    applications,
    rounds,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const show = showOr404(params.id);
  const form = await readForm(request, { limits: STAFF_FORM_LIMITS });
  const here = `/admin/applications/${show.id}/review`;
  const intent = String(form.get("intent") ?? "");
  if (intent === "review") {
    const parsed = reviewSchema.safeParse({
      applicationId: form.get("applicationId"),
      status: form.get("status"),
      notes: form.get("notes") ?? "",
    });
    if (!parsed.success) {
      return json(
        { applicationId: parseId(form.get("applicationId")) || null, error: parsed.error.issues[0].message },
        { status: 400 },
      );
    }
    if (!reviewApplication(show.id, parsed.data, staff))
      return redirectWithFlash(request, here, {
        type: "error",
        message: "That application no longer exists.",
      });
    return redirectWithFlash(request, here, { type: "success", message: "Review saved." });
  }
  if (intent === "email") {
    const n = emailShortlisted(show.id, staff, getEnv().CONTACT_EMAIL);
    return redirectWithFlash(request, here, {
      type: n ? "success" : "info",
      message: n
        ? `${n} shortlisted contestant${n === 1 ? "" : "s"} being e-mailed.`
        : "Every shortlisted contestant has already been e-mailed.",
    });
  }
  if (intent === "open-round") {
    const result = openRoundFromShortlist(show.id, staff);
    if ("error" in result) return redirectWithFlash(request, here, { type: "error", message: result.error });
    return redirectWithFlash(request, here, {
      type: "success",
      message: "Voting round opened with the shortlisted contestants.",
    });
  }
  return json({ applicationId: null, error: "Unknown action." }, { status: 400 });
}

export default function ReviewApplications() {
  const { show, applications, rounds } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
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
      {failed && failed.applicationId === null ? (
        <p className="form-error" role="alert">
          {failed.error}
        </p>
      ) : null}
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
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="open-round"
            className="button button--dark"
            disabled={shortlisted.length === 0}
          >
            Open a voting round with the shortlisted ({shortlisted.length})
          </button>
        </Form>
      </div>
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
            <li key={a.id} className="panel">
              <h2>{a.fullName}</h2>
              <p>
                {a.email} ·{" "}
                {a.reviewStatus === "shortlisted"
                  ? a.selectedEmailed
                    ? "Shortlisted, e-mailed"
                    : "Shortlisted"
                  : a.reviewStatus === "declined"
                    ? "Declined"
                    : "Not reviewed"}
                {a.comedianId ? " · in a voting round" : ""}
              </p>
              {a.funBio ? <p>{a.funBio}</p> : null}
              <Form method="post">
                <input type="hidden" name="applicationId" value={a.id} />
                {failed && failed.applicationId === a.id ? (
                  <p className="form-error" role="alert">
                    {failed.error}
                  </p>
                ) : null}
                <div className="field">
                  <label htmlFor={`status-${a.id}`}>Decision for {a.fullName}</label>
                  <select id={`status-${a.id}`} name="status" defaultValue={a.reviewStatus}>
                    {REVIEW_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {s === "new" ? "Not reviewed" : s === "shortlisted" ? "Shortlist" : "Decline"}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`notes-${a.id}`}>Notes on {a.fullName}</label>
                  <textarea
                    id={`notes-${a.id}`}
                    name="notes"
                    rows={2}
                    maxLength={2000}
                    defaultValue={a.reviewNotes}
                  />
                </div>
                <button
                  type="submit"
                  name="intent"
                  value="review"
                  className="button button--outline button--small"
                >
                  Save review of {a.fullName}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
