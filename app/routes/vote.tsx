import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Honeypot } from "~/components/form-parts";
import { ClosingCountdown } from "~/components/reveal";
import { VenueName } from "~/components/venue-name";
import {
  receiptView,
  refusedVoteHeaders,
  submitVote,
  thanksUrl,
} from "~/features/voting/vote-submission.server";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { secondsUntilClose } from "~/lib/reveal";
import { venueRefOf } from "~/lib/venue-records";
import { filterByName, retryDelayMs, voteFieldErrors, VOTE_MESSAGES, type VoteFieldErrors } from "~/lib/vote";
import { getShow } from "~/models/events.server";
import { getOpenRound, getRound, receiptFor, roundComediansFor } from "~/models/votes.server";
import styles from "~/styles/vote.css";
import { refusalHeaders } from "~/utils/refusal-headers";
import { roomCodeOn } from "~/utils/room-code.server";
import { getDeviceId, newVoteToken, readDeviceId } from "~/utils/vote-device.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && "round" in data && data.round ? `${data.round.title} | Laugh Windsor` : "Vote | Laugh Windsor",
  },
  { name: "description", content: "Vote for your favorite comedian at 2 Minutes to Kill." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Set only by the server rendering the cached page (app/lib/vote-page-template.ts): no visitor.
  const template = context.votePageTemplate;
  const url = new URL(request.url);
  const roundParam = parseId(url.searchParams.get("round")) || null;
  const headers = new Headers({ "Cache-Control": "no-store" });
  const thanks = url.searchParams.get("thanks");
  if (thanks && roundParam) {
    const round = getRound(roundParam);
    if (round) {
      // The receipt only for the device that voted: a shared or guessed link shows none.
      const deviceId = await readDeviceId(request);
      const receipt = receiptView(receiptFor(round.id, { deviceId, voteToken: thanks }));
      return json(
        { mode: "thanks" as const, round: { id: round.id, title: round.title }, receipt },
        { headers },
      );
    }
  }
  const round = getOpenRound(roundParam);
  if (!round) return json({ mode: "closed" as const }, { headers });

  const { deviceId, setCookie } = template ? { deviceId: null, setCookie: null } : await getDeviceId(request);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  const receipt = receiptView(receiptFor(round.id, { deviceId }));
  const comedians = roundComediansFor(round.id).map((c) => ({ id: c.id, name: c.name, bio: c.bio }));
  // The show the room is at, named above the ballot.
  const event = round.eventId ? getShow(round.eventId) : null;
  const show = event
    ? {
        title: event.title,
        venue: event.venue,
        venueRecord: venueRefOf(event.venueRecord),
        date: formatLongDate(event.date),
      }
    : null;
  return json(
    {
      mode: "open" as const,
      round: { id: round.id, title: round.title },
      // Issue 18: "Voting closes in 60 s" once the host sets a closing time.
      closesIn: secondsUntilClose(round, new Date()),
      comedians,
      q: template ? "" : (url.searchParams.get("q") ?? ""),
      show,
      voteToken: template?.token ?? newVoteToken(),
      receipt,
      // The room code field, when the host has it on; the projector's QR code pre-fills it.
      roomCode: roomCodeOn(round)
        ? { prefill: template?.prefill ?? (url.searchParams.get("code") ?? "").slice(0, 12) }
        : null,
    },
    { headers },
  );
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  // A refused post the server already decided (its fast path) is rendered here, not decided twice.
  const outcome = context.voteOutcome ?? (await submitVote(request, context.clientIp));
  const headers = new Headers();
  if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
  if (outcome.kind === "thanks") return redirect(thanksUrl(outcome.roundId, outcome.voteToken), { headers });
  const { fieldErrors, formError, values } = outcome;
  return json(
    { fieldErrors, formError, values },
    { status: outcome.status, headers: refusedVoteHeaders(outcome) },
  );
}

type SubmitState =
  { phase: "idle" } | { phase: "sending" } | { phase: "retrying"; attempt: number; seconds: number };

const MAX_ATTEMPTS = 8;

export default function VotePage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  if (data.mode === "closed") {
    return (
      <section className="vote container">
        <h1>Voting is closed</h1>
        {/* A vote sent after the close (no JavaScript): say it was not counted. */}
        {refused && "formError" in refused && refused.formError ? (
          <p className="form-error" role="alert">
            {refused.formError} Your vote was not counted.
          </p>
        ) : null}
        <p className="vote__lead">
          There is no vote open right now. When the host opens the vote at the show, this page is where you
          choose your favorite comedian.
        </p>
        <p>
          <Link to="/">See upcoming shows</Link>
        </p>
      </section>
    );
  }
  if (data.mode === "thanks") {
    return (
      <section className="vote container">
        <h1>{data.round.title}</h1>
        <div className="vote__thanks" role="status">
          <h2>Thank you for voting!</h2>
          <p>Your vote has been recorded.</p>
          {data.receipt ? <ReceiptLine receipt={data.receipt} /> : null}
        </div>
      </section>
    );
  }
  return <VoteForm key={data.voteToken} data={data} />;
}

function ReceiptLine({ receipt }: { receipt: { comedianName: string; email: string; at: string } }) {
  return (
    <p className="vote__receipt">
      You voted for <strong>{receipt.comedianName}</strong> on {receipt.at} ({receipt.email}).
    </p>
  );
}

type OpenData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { mode: "open" }>;

function VoteForm({ data }: { data: OpenData }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  const [query, setQuery] = useState(data.q);
  const [choice, setChoice] = useState(actionData?.values.comedianId ?? "");
  const [email, setEmail] = useState(actionData?.values.email ?? "");
  const [roomCode, setRoomCode] = useState(actionData?.values.roomCode ?? data.roomCode?.prefill ?? "");
  const [errors, setErrors] = useState<VoteFieldErrors>(actionData?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(actionData?.formError ?? null);
  const [state, setState] = useState<SubmitState>({ phase: "idle" });
  const cancelled = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The scripts start after the first paint, so a visitor may choose and type first (the form
    // works without them). What the page already holds becomes the state: otherwise React would
    // take the empty state as the truth and keep Submit disabled with a filled-in ballot.
    const entered = formRef.current ? new FormData(formRef.current) : null;
    const typed = (name: string) => {
      const value = entered?.get(name);
      return typeof value === "string" && value !== "" ? value : null;
    };
    const comedianId = typed("comedianId");
    const address = typed("email");
    const code = typed("roomCode");
    if (comedianId) setChoice(comedianId);
    if (address) setEmail(address);
    if (code) setRoomCode(code);
    if (filterRef.current) setQuery(filterRef.current.value);
    setHydrated(true);
    return () => {
      cancelled.current = true;
    };
  }, []);

  const visible = new Set(filterByName(data.comedians, query).map((c) => c.id));
  const busy = state.phase !== "idle" || navigation.state === "submitting";
  const disabled =
    busy || (hydrated && (!choice || !email.trim() || (data.roomCode !== null && !roomCode.trim())));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = voteFieldErrors({ comedianId: choice, email });
    setErrors(found);
    setFormError(null);
    if (found.comedianId || found.email) return;
    // Sent as a urlencoded form (the server takes no other write body).
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    setState({ phase: "sending" });
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !cancelled.current; attempt++) {
      try {
        const res = await fetch("/vote/submit", {
          method: "POST",
          body,
          headers: { Accept: "application/json" },
        });
        if (res.status < 500) {
          const result = (await res.json()) as
            | { ok: true; redirectTo: string }
            | { ok: false; fieldErrors: VoteFieldErrors; formError: string | null };
          if (result.ok) {
            navigate(result.redirectTo, { replace: true });
            return;
          }
          setErrors(result.fieldErrors);
          setFormError(result.formError);
          setState({ phase: "idle" });
          return;
        }
      } catch {
        /* a network failure: retried below with the same token, so it cannot count twice */
      }
      const wait = retryDelayMs(attempt);
      setState({ phase: "retrying", attempt: attempt + 1, seconds: Math.round(wait / 1000) });
      await new Promise((r) => setTimeout(r, wait));
    }
    if (!cancelled.current) {
      setState({ phase: "idle" });
      setFormError(VOTE_MESSAGES.failed);
    }
  }

  return (
    <section className="vote container">
      {data.show ? (
        <p className="vote__show">
          {data.show.title} · <VenueName venue={data.show.venue} record={data.show.venueRecord} />
        </p>
      ) : null}
      <h1>{data.round.title}</h1>
      <ClosingCountdown closesIn={data.closesIn} open />
      {data.receipt ? (
        <div className="vote__thanks" role="status">
          <h2>You have already voted in this round</h2>
          <ReceiptLine receipt={data.receipt} />
          <p>One vote per phone: anyone else votes on their own phone.</p>
        </div>
      ) : (
        <>
          <Form method="get" className="vote__filter" role="search">
            <input type="hidden" name="round" value={data.round.id} />
            <label htmlFor="vote-filter" className="visually-hidden">
              Filter comedians by name
            </label>
            <input
              id="vote-filter"
              type="search"
              name="q"
              placeholder="Filter comedians by name..."
              ref={filterRef}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            {hydrated ? null : (
              <button type="submit" className="button button--dark button--small">
                Filter
              </button>
            )}
          </Form>

          <Form
            ref={formRef}
            method="post"
            className="vote__form"
            noValidate
            onSubmit={hydrated ? onSubmit : undefined}
          >
            <input type="hidden" name="roundId" value={data.round.id} />
            <input type="hidden" name="voteToken" value={data.voteToken} />
            <Honeypot />
            {formError ? (
              <p className="form-error" role="alert">
                {formError}
              </p>
            ) : null}
            <fieldset
              className="vote__cards"
              aria-describedby={errors.comedianId ? "comedian-error" : undefined}
            >
              <legend>Choose your favorite comedian</legend>
              {data.comedians.map((c) => (
                <label key={c.id} className="vote__card" hidden={!visible.has(c.id)}>
                  <input
                    type="radio"
                    name="comedianId"
                    value={c.id}
                    checked={choice === String(c.id)}
                    onChange={() => {
                      setChoice(String(c.id));
                      setErrors((e) => ({ ...e, comedianId: undefined }));
                    }}
                  />
                  <span className="vote__card-body">
                    <span className="vote__name">{c.name}</span>
                    {c.bio ? <span className="vote__bio">{c.bio}</span> : null}
                  </span>
                </label>
              ))}
              {visible.size === 0 ? (
                <p className="vote__empty">No comedians found matching your search.</p>
              ) : null}
            </fieldset>
            {errors.comedianId ? (
              <p className="field__error" id="comedian-error" role="alert">
                {errors.comedianId}
              </p>
            ) : null}

            <div className="field">
              <label htmlFor="vote-email">Email</label>
              <input
                id="vote-email"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setErrors((x) => ({ ...x, email: undefined }));
                }}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? "email-error email-note" : "email-note"}
              />
              <span className="field__hint" id="email-note">
                We use your email to contact you about future tickets or promotions. One vote per email
                address.
              </span>
              {errors.email ? (
                <p className="field__error" id="email-error" role="alert">
                  {errors.email}
                </p>
              ) : null}
            </div>

            {data.roomCode ? (
              <div className="field">
                <label htmlFor="vote-room-code">Room code</label>
                <input
                  id="vote-room-code"
                  name="roomCode"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  value={roomCode}
                  onChange={(e) => {
                    setRoomCode(e.target.value);
                    setErrors((x) => ({ ...x, roomCode: undefined }));
                  }}
                  aria-invalid={errors.roomCode ? true : undefined}
                  aria-describedby={errors.roomCode ? "room-code-error room-code-note" : "room-code-note"}
                />
                <span className="field__hint" id="room-code-note">
                  The 6-digit code on the screen in the room.
                </span>
                {errors.roomCode ? (
                  <p className="field__error" id="room-code-error" role="alert">
                    {errors.roomCode}
                  </p>
                ) : null}
              </div>
            ) : null}

            <button type="submit" className="button button--primary vote__submit" disabled={disabled}>
              {busy ? "Submitting..." : "Submit Vote"}
            </button>
            {state.phase === "retrying" ? (
              <p className="vote__retry" role="status">
                The connection dropped. Retrying in {state.seconds} s (attempt {state.attempt})... your vote
                will only count once.
              </p>
            ) : null}
          </Form>
        </>
      )}
    </section>
  );
}
