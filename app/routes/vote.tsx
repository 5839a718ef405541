import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Honeypot } from "~/components/form-parts";
import { ClosingCountdown } from "~/components/reveal";
import { VenueName } from "~/components/venue-name";
import { issuePhone } from "~/features/voting/phones.server";
import {
  opensAtText,
  receiptView,
  refusedVoteHeaders,
  submitVote,
  thanksUrl,
} from "~/features/voting/vote-submission.server";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { secondsUntilClose } from "~/lib/reveal";
import { BALLOT_HINT } from "~/lib/ticket-votes";
import { venueRefOf } from "~/lib/venue-records";
import {
  AUTO_RESEND_MAX_SECONDS,
  filterByName,
  retryDelayMs,
  voteFieldErrors,
  VOTE_MESSAGES,
  type VoteFieldErrors,
} from "~/lib/vote";
import { getShow } from "~/models/events.server";
import {
  ballotFor,
  closedRoundOfDevice,
  getRound,
  openRounds,
  roundComediansFor,
  roundShowName,
} from "~/models/rounds.server";
import { hasVotedFrom, receiptFor } from "~/models/votes.server";
import styles from "~/styles/vote.css";
import { retryText } from "~/utils/rate-limit.server";
import { refusalHeaders } from "~/utils/refusal-headers";
import { roomCodeOn, roundForRoomCode } from "~/utils/room-code.server";
import { newVoteToken, readDeviceId } from "~/utils/vote-device.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && "round" in data && data.round ? `${data.round.title} | Laugh Windsor` : "Vote | Laugh Windsor",
  },
  { name: "description", content: "Vote for your favorite comedian at 2 Minutes to Kill." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Set only by the server rendering the kept page (app/fast/vote-page.server.ts): no visitor.
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
  // Issue 37: a new phone over its round's budget of new phones (decided by the server's fast path).
  const early = context.voteOutcome;
  if (early?.kind === "phone-wait") return phoneWait(early.retryAfterSeconds, headers);

  const deviceId = template ? null : await readDeviceId(request);
  const code = (url.searchParams.get("code") ?? "").slice(0, 12);
  let ballot = ballotFor(roundParam);
  let codeError: string | null = null;
  // The room code typed on plain /vote leads to its room's round.
  if (!roundParam && code && !template) {
    const open = openRounds();
    const found = await roundForRoomCode(open, code, context.clientIp);
    if (found.ok) ballot = { kind: "open", round: found.round };
    else
      codeError =
        found.reason === "budget"
          ? `Too many wrong room codes. ${retryText(found.retryAfterSeconds ?? 60)}`
          : "No vote open right now has that room code. Check the code on the screen.";
  }
  // Plain /vote on a phone whose room has finished: its room's closed page, never another ballot.
  if (!roundParam && !code && deviceId && ballot.kind !== "choose") {
    const finished = closedRoundOfDevice(deviceId);
    if (finished && !(ballot.kind === "open" && hasVotedFrom(ballot.round.id, deviceId)))
      ballot = { kind: "closed", round: finished };
  }
  if (ballot.kind === "choose")
    return json(
      {
        mode: "choose" as const,
        rounds: ballot.rounds.map((r) => ({ id: r.id, ...showLine(r) })),
        codeError,
        code,
      },
      { headers, status: codeError ? 400 : 200 },
    );
  if (ballot.kind === "scheduled")
    return json(
      {
        mode: "scheduled" as const,
        show: showLine(ballot.round),
        opensAt: opensAtText(ballot.round.openedAt!),
      },
      { headers },
    );
  if (ballot.kind !== "open")
    return json(
      {
        mode: "closed" as const,
        show: ballot.kind === "closed" ? showLine(ballot.round) : null,
        codeError,
        receipt: ballot.kind === "closed" ? receiptView(receiptFor(ballot.round.id, { deviceId })) : null,
      },
      { headers, status: codeError ? 400 : 200 },
    );

  const round = ballot.round;
  let phone = deviceId;
  if (!template && !phone) {
    const issued = await issuePhone(round, context.clientIp);
    if (!issued.ok) return phoneWait(issued.retryAfterSeconds, headers);
    phone = issued.deviceId;
    headers.append("Set-Cookie", issued.setCookie);
  }
  const receipt = receiptView(receiptFor(round.id, { deviceId: phone }));
  const comedians = roundComediansFor(round.id).map((c) => ({ id: c.id, name: c.name, bio: c.bio }));
  // The show the room is at, named above the ballot.
  const event = round.eventId ? getShow(round.eventId) : null;
  const show = event
    ? {
        title: event.title,
        venue: event.venue,
        venueRecord: venueRefOf(event.venueRecord),
        date: formatLongDate(round.eventDate ?? event.date),
      }
    : null;
  return json(
    {
      mode: "open" as const,
      round: { id: round.id, title: round.title },
      // Issue 41: the round checks tickets: the ballot says which e-mail to give.
      ticketCheck: round.ticketCheck !== "off",
      // Issue 18: "Voting closes in 60 s" once the host sets a closing time.
      closesIn: secondsUntilClose(round, new Date()),
      comedians,
      q: template ? "" : (url.searchParams.get("q") ?? ""),
      show,
      voteToken: template?.token ?? newVoteToken(),
      receipt,
      // The room code field, when the host has it on; the projector's QR code pre-fills it.
      roomCode: roomCodeOn(round) ? { prefill: template?.prefill ?? code } : null,
    },
    { headers },
  );
}

/** "2 Minutes to Kill · Tipsy Toucan · Wednesday, November 26": how a voter recognises their room. */
function showLine(round: {
  title: string;
  show: { title: string; venue: string; date: string | null } | null;
}) {
  return {
    name: roundShowName(round),
    venue: round.show?.venue ?? null,
    date: round.show?.date ? formatLongDate(round.show.date) : null,
  };
}

/** Issue 37: too many new phones from this address this second: "one moment", and the page loads again. */
function phoneWait(seconds: number, headers: Headers) {
  headers.set("Retry-After", String(seconds));
  return json({ mode: "wait" as const, seconds }, { status: 429, headers });
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers: HeadersFunction = (args) => {
  const out = new Headers(refusalHeaders(args));
  // The "one moment" page of a new phone over budget says when it loads again.
  const wait = args.loaderHeaders.get("Retry-After");
  if (wait && !out.has("Retry-After")) out.set("Retry-After", wait);
  return out;
};

export async function action({ request, context }: ActionFunctionArgs) {
  // A refused post the server already decided (its fast path) is rendered here, not decided twice.
  const decided = context.voteOutcome?.kind === "phone-wait" ? undefined : context.voteOutcome;
  const outcome = decided ?? (await submitVote(request, context.clientIp));
  if (outcome.kind === "thanks") return redirect(thanksUrl(outcome.roundId, outcome.voteToken));
  const { fieldErrors, formError, values } = outcome;
  return json(
    { fieldErrors, formError, values, retryAfterSeconds: outcome.retryAfterSeconds ?? null },
    { status: outcome.status, headers: refusedVoteHeaders(outcome) },
  );
}

type SubmitState =
  | { phase: "idle" }
  | { phase: "sending" }
  | { phase: "retrying"; attempt: number; seconds: number }
  /** Issue 37: the server asked to send again in a few seconds (a budget, or a brand-new phone). */
  | { phase: "waiting"; seconds: number };

const MAX_ATTEMPTS = 8;

export default function VotePage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  if (data.mode === "wait") return <PhoneWaitPage seconds={data.seconds} />;
  if (data.mode === "choose") return <ChooseShow data={data} />;
  if (data.mode === "scheduled") {
    return (
      <section className="vote container">
        <ShowLine show={data.show} />
        <h1>Voting opens at {data.opensAt}</h1>
        <p className="vote__lead">
          This is the ballot of {data.show.name}. Open this page again when the host opens the vote.
        </p>
      </section>
    );
  }
  if (data.mode === "closed") {
    return (
      <section className="vote container">
        {data.show ? <ShowLine show={data.show} /> : null}
        <h1>{data.show ? `Voting has closed for ${data.show.name}` : "Voting is closed"}</h1>
        {/* A vote sent after the close (no JavaScript): say it was not counted. */}
        {refused && "formError" in refused && refused.formError ? (
          <p className="form-error" role="alert">
            {refused.formError} Your vote was not counted.
          </p>
        ) : null}
        {data.codeError ? (
          <p className="form-error" role="alert">
            {data.codeError}
          </p>
        ) : null}
        {data.receipt ? <ReceiptLine receipt={data.receipt} /> : null}
        <p className="vote__lead">
          {data.show
            ? "Thanks for being part of the show. The host reveals the results in the room."
            : "There is no vote open right now. When the host opens the vote at the show, this page is where you choose your favorite comedian."}
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

type ShowLineData = { name: string; venue: string | null; date: string | null };

function ShowLine({ show }: { show: ShowLineData }) {
  return <p className="vote__show">{[show.name, show.venue, show.date].filter(Boolean).join(" · ")}</p>;
}

/** Issue 37: several rooms are voting: the voter picks their show (or types the room code). */
function ChooseShow({
  data,
}: {
  data: { rounds: ({ id: number } & ShowLineData)[]; codeError: string | null; code: string };
}) {
  return (
    <section className="vote container">
      <h1>Which show are you at?</h1>
      <p className="vote__lead">More than one show is voting right now. Choose yours:</p>
      <ul className="vote__shows">
        {data.rounds.map((r) => (
          <li key={r.id}>
            <Link to={`/vote?round=${r.id}`} className="vote__show-choice">
              <span className="vote__name">{r.name}</span>
              <span className="vote__bio">{[r.venue, r.date].filter(Boolean).join(" · ")}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" className="vote__code-lookup">
        <div className="field">
          <label htmlFor="vote-code-lookup">Or type the room code on the screen</label>
          <input
            id="vote-code-lookup"
            name="code"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={data.code}
            aria-invalid={data.codeError ? true : undefined}
            aria-describedby={data.codeError ? "code-lookup-error" : undefined}
          />
          {data.codeError ? (
            <p className="field__error" id="code-lookup-error" role="alert">
              {data.codeError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--dark">
          Go to my show's ballot
        </button>
      </Form>
    </section>
  );
}

/** Issue 37: many new phones at once from this connection: the ballot loads again by itself. */
function PhoneWaitPage({ seconds }: { seconds: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setTimeout(() => revalidator.revalidate(), seconds * 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seconds]);
  return (
    <section className="vote container">
      <noscript>
        <meta httpEquiv="refresh" content={String(seconds)} />
      </noscript>
      <h1>One moment…</h1>
      <p className="vote__lead" role="status">
        Lots of phones are joining the vote from this connection right now. Your ballot loads in {seconds}{" "}
        second{seconds === 1 ? "" : "s"}.
      </p>
    </section>
  );
}

function ReceiptLine({
  receipt,
}: {
  receipt: { comedianName: string; email: string; at: string; ticket: string | null };
}) {
  return (
    <>
      <p className="vote__receipt">
        You voted for <strong>{receipt.comedianName}</strong> on {receipt.at} ({receipt.email}).
      </p>
      {receipt.ticket ? <p className="vote__receipt">{receipt.ticket}</p> : null}
    </>
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
    let attempt = 0;
    let resends = 0;
    while (attempt < MAX_ATTEMPTS && !cancelled.current) {
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
          // A short wait the server asks for (a burst from this connection, or this phone only
          // just got its cookie): wait and send the same vote again, as a person would.
          const wait = Number(res.headers.get("Retry-After") ?? 0);
          if (res.status === 429 && wait > 0 && wait <= AUTO_RESEND_MAX_SECONDS && resends < 6) {
            resends++;
            setState({ phase: "waiting", seconds: wait });
            await new Promise((r) => setTimeout(r, wait * 1000));
            continue;
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
      attempt++;
      setState({ phase: "retrying", attempt, seconds: Math.round(wait / 1000) });
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
                address.{data.ticketCheck ? ` ${BALLOT_HINT}` : null}
              </span>
              {errors.email ? (
                <p className="field__error" id="email-error" role="alert">
                  {errors.email}
                </p>
              ) : null}
            </div>

            {data.roomCode ? (
              <div className="field vote__code">
                <label htmlFor="vote-room-code">Room code</label>
                <input
                  id="vote-room-code"
                  type="text"
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
            {state.phase === "waiting" ? (
              <p className="vote__retry" role="status">
                One moment: sending your vote again in {state.seconds} s... it will only count once.
              </p>
            ) : null}
          </Form>
        </>
      )}
    </section>
  );
}
