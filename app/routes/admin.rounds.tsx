import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { OpenRoundConfirm } from "~/components/admin/open-round-confirm";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { handleCloseRound } from "~/features/voting/close-round.server";
import { openRoundAction, roundShowChoices } from "~/features/voting/open-round.server";
import { DEFAULT_ROOM_SEATS } from "~/lib/room-budgets";
import { TICKET_CHECK_LABELS, TICKET_CHECKS } from "~/lib/ticket-votes";
import { DEFAULT_ROUND_TITLE, openRoundSchema, SHOW_DATE_PATTERN } from "~/lib/vote-schema";
import { formatInZone } from "~/lib/zoned-time";
import { listComedians } from "~/models/comedians.server";
import { listRounds, roundShowName } from "~/models/rounds.server";
import styles from "~/styles/comedians.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [
  { title: "Voting rounds | Laugh Windsor" },
  { name: "robots", content: "noindex" },
];

const when = (d: Date | string | null) =>
  d ? formatInZone(new Date(d), "MMM d, yyyy h:mm a", getEnv().APP_TIMEZONE) : "";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("show") ?? "";
  const choices = roundShowChoices();
  // Issue 37: the show picked first; its line-up is ticked (nothing is, before a show is picked).
  const chosen = SHOW_DATE_PATTERN.test(asked) ? (choices.find((c) => c.value === asked) ?? null) : null;
  const now = new Date();
  return json({
    rounds: listRounds().map((r) => ({
      id: r.id,
      title: r.title,
      show: r.show ? `${roundShowName(r)}${r.show.venue ? ` · ${r.show.venue}` : ""}` : null,
      state: r.open ? "Open" : r.openedAt && r.openedAt > now && !r.closedAt ? "Scheduled" : "Closed",
      votes: r.votes,
      comedians: r.comedians,
      openedAt: when(r.openedAt),
      closedAt: when(r.closedAt),
    })),
    choices: choices.map((c) => ({ value: c.value, label: c.label })),
    chosen: chosen ? { value: chosen.value, label: chosen.label, lineup: chosen.lineup } : null,
    comedians: listComedians().map((c) => ({ id: c.id, name: c.name })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "close") return handleCloseRound(request, staff);
  // "Open Round": the one handler the application review's "Open a voting round" uses too.
  const back = new URL(request.url);
  return openRoundAction(
    request,
    staff,
    { kind: "chosen" },
    `/admin/rounds${back.search.replace(/[?&]intent=[^&]*/, "")}`,
  );
}

export default function AdminRounds() {
  const { rounds, comedians, choices, chosen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;
  const lastResult = actionData && !("confirm" in actionData) ? actionData : undefined;
  const opening = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: `open-round-${chosen?.value ?? "none"}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(openRoundSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: openRoundSchema }),
    defaultValue: {
      title: DEFAULT_ROUND_TITLE,
      comedianIds: chosen?.lineup.map(String) ?? [],
    },
  });
  const ticked = new Set(
    (lastResult?.initialValue?.comedianIds as string[] | string | undefined) ??
      chosen?.lineup.map(String) ??
      [],
  );
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
        Each round is one room's ballot, for a show and its date. Phones reach it through the projector's QR
        code, its room code or its link; plain <Link to="/vote">/vote</Link> shows the only open round, or
        asks which show the voter is at. Close a round when voting ends; its votes and results are kept.
      </p>
      {confirm ? (
        <OpenRoundConfirm
          confirm={confirm}
          action={`/admin/rounds${chosen ? `?show=${chosen.value}` : ""}`}
          cancelTo={`/admin/rounds${chosen ? `?show=${chosen.value}` : ""}`}
        />
      ) : null}
      <div className="comedians__grid">
        <div className="panel">
          <h2>Open a new round</h2>
          <Form method="get" className="field" replace>
            <label htmlFor="round-show">Show and date</label>
            <select
              id="round-show"
              name="show"
              defaultValue={chosen?.value ?? ""}
              onChange={(e) => submit(e.currentTarget.form, { replace: true })}
            >
              <option value="">Choose the show…</option>
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="button button--outline button--small">
                Choose this show
              </button>
            </noscript>
          </Form>
          {chosen ? (
            <Form
              method="post"
              action={`/admin/rounds?show=${chosen.value}`}
              {...getFormProps(form)}
              key={form.key}
            >
              <input type="hidden" name="show" value={chosen.value} />
              <FormErrors id={form.errorId} errors={form.errors} />
              <FieldErrors id={fields.show.errorId} errors={fields.show.errors} />
              <div className="field">
                <label htmlFor={fields.title.id}>Title</label>
                <input {...getInputProps(fields.title, { type: "text" })} maxLength={120} />
                <FieldErrors id={fields.title.errorId} errors={fields.title.errors} />
              </div>
              <fieldset className="field" aria-describedby={fields.comedianIds.errorId}>
                <legend>Comedians in this round</legend>
                <p className="field__hint">
                  {chosen.lineup.length
                    ? "The show's line-up is ticked."
                    : "This show has no line-up yet: tick tonight's comedians."}
                </p>
                {comedians.map((c) => (
                  <label key={c.id} className="checkbox">
                    <input
                      type="checkbox"
                      name="comedianIds"
                      value={c.id}
                      defaultChecked={ticked.has(String(c.id))}
                    />
                    <span>{c.name}</span>
                  </label>
                ))}
                <FieldErrors id={fields.comedianIds.errorId} errors={fields.comedianIds.errors} />
              </fieldset>
              <div className="field">
                <label htmlFor={fields.opensAt.id}>Opens at (leave empty to open now)</label>
                <input {...getInputProps(fields.opensAt, { type: "datetime-local" })} />
                <FieldErrors id={fields.opensAt.errorId} errors={fields.opensAt.errors} />
              </div>
              <div className="field">
                <label htmlFor={fields.roomSeats.id}>Seats in the room</label>
                <input
                  {...getInputProps(fields.roomSeats, { type: "number" })}
                  placeholder={String(DEFAULT_ROOM_SEATS)}
                  aria-describedby={`${fields.roomSeats.id}-hint`}
                />
                <p className="field__hint" id={`${fields.roomSeats.id}-hint`}>
                  Sizes how many new phones and votes one connection may send at once (default{" "}
                  {DEFAULT_ROOM_SEATS}).
                </p>
                <FieldErrors id={fields.roomSeats.errorId} errors={fields.roomSeats.errors} />
              </div>
              <div className="field">
                <label htmlFor={fields.ticketCheck.id}>Ticket holders</label>
                <select
                  {...getSelectProps(fields.ticketCheck)}
                  aria-describedby={`${fields.ticketCheck.id}-hint`}
                >
                  {TICKET_CHECKS.map((c) => (
                    <option key={c} value={c}>
                      {TICKET_CHECK_LABELS[c]}
                    </option>
                  ))}
                </select>
                <p className="field__hint" id={`${fields.ticketCheck.id}-hint`}>
                  A vote whose e-mail is on a ticket for this date counts as verified; the host can switch
                  between the two ticket rules during the round.
                </p>
                <FieldErrors id={fields.ticketCheck.errorId} errors={fields.ticketCheck.errors} />
              </div>
              <button type="submit" className="button button--primary" disabled={opening}>
                {opening ? "Opening..." : "Open Round"}
              </button>
            </Form>
          ) : (
            <p className="muted">Choose the show first: its line-up is ticked for you.</p>
          )}
        </div>
        <div>
          <h2>Rounds</h2>
          {rounds.length === 0 ? <p className="muted">No rounds yet.</p> : null}
          <ul className="comedians__list">
            {rounds.map((r) => (
              <li key={r.id} className="comedians__item" aria-label={r.title}>
                <div>
                  <p className="comedians__name">{r.title}</p>
                  {r.show ? <p className="comedians__meta">{r.show}</p> : null}
                  <p className="comedians__meta muted">
                    {r.state} · {r.state === "Scheduled" ? "opens" : "opened"} {r.openedAt}
                    {r.closedAt ? ` · closed ${r.closedAt}` : ""} · {r.comedians} comedians · {r.votes} vote
                    {r.votes === 1 ? "" : "s"}
                  </p>
                </div>
                <div className="comedians__delete">
                  <Link to={`/results?round=${r.id}`} className="button button--dark button--small">
                    View results
                  </Link>
                  {r.state !== "Closed" ? (
                    <Form method="post" action="/admin/rounds?intent=close">
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
