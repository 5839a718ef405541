import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseId } from "~/lib/ids";
import { openRoundSchema } from "~/lib/vote-schema";
import { formatInZone } from "~/lib/zoned-time";
import { listComedians } from "~/models/comedians.server";
import { closeRound, getRound, listRounds, openRound } from "~/models/votes.server";
import styles from "~/styles/comedians.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { readForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { redirectWithFlash } from "~/utils/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [
  { title: "Voting rounds | Laugh Windsor" },
  { name: "robots", content: "noindex" },
];

const when = (d: Date | string | null) =>
  d ? formatInZone(new Date(d), "MMM d, yyyy h:mm a", getEnv().APP_TIMEZONE) : "";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return json({
    rounds: listRounds().map((r) => ({
      id: r.id,
      title: r.title,
      open: r.open,
      votes: r.votes,
      comedians: r.comedians,
      openedAt: when(r.openedAt),
      closedAt: when(r.closedAt),
    })),
    comedians: listComedians().map((c) => ({ id: c.id, name: c.name })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const form = await readForm(request, { limits: STAFF_FORM_LIMITS, repeatable: ["comedianIds"] });
  const intent = form.get("intent");
  if (intent === "open") {
    const parsed = openRoundSchema.safeParse({
      title: form.get("title") ?? "",
      comedianIds: form.getAll("comedianIds"),
    });
    const values = {
      title: String(form.get("title") ?? ""),
      comedianIds: form.getAll("comedianIds").map(String),
    };
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      return json({ fieldErrors, values }, { status: 400 });
    }
    const round = openRound(parsed.data, staff);
    return redirectWithFlash(request, "/admin/rounds", {
      type: "success",
      message: `Opened round: ${round.title}`,
    });
  }
  if (intent === "close") {
    const id = parseId(form.get("id"));
    const round = id ? getRound(id) : undefined;
    const closed = round ? closeRound(round.id, staff) : null;
    return redirectWithFlash(
      request,
      "/admin/rounds",
      closed
        ? { type: "success", message: `Closed round: ${closed.title}` }
        : { type: "error", message: "That round is not open." },
    );
  }
  return json(
    {
      fieldErrors: { title: "Unknown action" } as Record<string, string>,
      values: { title: "", comedianIds: [] as string[] },
    },
    { status: 400 },
  );
}

export default function AdminRounds() {
  const { rounds, comedians } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const opening = navigation.state === "submitting" && navigation.formData?.get("intent") === "open";
  const chosen = new Set(actionData?.values.comedianIds ?? comedians.map((c) => String(c.id)));
  return (
    <section className="section container comedians">
      <header className="comedians__head">
        <h1>Voting rounds</h1>
        <span>
          <Link to="/manage-comedians" className="button button--outline button--small">
            Manage comedians
          </Link>{" "}
          <Link to="/results" className="button button--outline button--small">
            Results
          </Link>
        </span>
      </header>
      <p className="comedians__note">
        Voters see the newest open round on <Link to="/vote">/vote</Link>. Close a round when voting ends; its
        votes and results are kept.
      </p>
      <div className="comedians__grid">
        <div className="panel">
          <h2>Open a new round</h2>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="open" />
            <div className="field">
              <label htmlFor="round-title">Title</label>
              <input
                id="round-title"
                name="title"
                type="text"
                required
                maxLength={120}
                defaultValue={actionData?.values.title ?? "2 Minutes to Kill - Vote For Your Favorite"}
                aria-invalid={actionData?.fieldErrors.title ? true : undefined}
              />
              {actionData?.fieldErrors.title ? (
                <p className="field__error" role="alert">
                  {actionData.fieldErrors.title}
                </p>
              ) : null}
            </div>
            <fieldset className="field">
              <legend>Comedians in this round</legend>
              {comedians.map((c) => (
                <label key={c.id} className="checkbox">
                  <input
                    type="checkbox"
                    name="comedianIds"
                    value={c.id}
                    defaultChecked={chosen.has(String(c.id))}
                  />
                  <span>{c.name}</span>
                </label>
              ))}
              {actionData?.fieldErrors.comedianIds ? (
                <p className="field__error" role="alert">
                  {actionData.fieldErrors.comedianIds}
                </p>
              ) : null}
            </fieldset>
            <button type="submit" className="button button--primary" disabled={opening}>
              {opening ? "Opening..." : "Open Round"}
            </button>
          </Form>
        </div>
        <div>
          <h2>Rounds</h2>
          {rounds.length === 0 ? <p className="muted">No rounds yet.</p> : null}
          <ul className="comedians__list">
            {rounds.map((r) => (
              <li key={r.id} className="comedians__item" aria-label={r.title}>
                <div>
                  <p className="comedians__name">{r.title}</p>
                  <p className="comedians__meta muted">
                    {r.open ? "Open" : "Closed"} · opened {r.openedAt}
                    {r.closedAt ? ` · closed ${r.closedAt}` : ""} · {r.comedians} comedians · {r.votes} vote
                    {r.votes === 1 ? "" : "s"}
                  </p>
                </div>
                <div className="comedians__delete">
                  <Link to={`/results?round=${r.id}`} className="button button--dark button--small">
                    View results
                  </Link>
                  {r.open ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="close" />
                      <input type="hidden" name="id" value={r.id} />
                      <button
                        type="submit"
                        className="button button--danger button--small"
                        aria-label={`Close round: ${r.title}`}
                      >
                        Close round
                      </button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
