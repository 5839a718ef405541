import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type CSSProperties } from "react";
import { GatePage } from "~/components/gate-page";
import { ClosingCountdown, CloseVotingConfirm, HostControls, StandingsViewTable } from "~/components/reveal";
import {
  ProjectorLink,
  ProjectorVoteBox,
  RoomCodeToggle,
  StuffingAlarm,
  SuspiciousPatterns,
} from "~/components/room-code";
import { TicketBucket, TicketCheckOn } from "~/components/ticket-bucket";
import type { LiveUpdate } from "~/features/voting/live-standings.server";
import { handleResultsPost } from "~/features/voting/results-post.server";
import { roundAlarm, suspiciousPatterns } from "~/features/voting/vote-watch.server";
import { formatLongDate, todayIn } from "~/lib/dates";
import { gateSchema } from "~/lib/forms/gate";
import { parseId } from "~/lib/ids";
import { phaseText } from "~/lib/reveal";
import { ticketCountFrozen, ticketCountText } from "~/lib/ticket-votes";
import { roundDisplay } from "~/models/round-control.server";
import { listRounds, openRounds, roundShowName, roundWithShow } from "~/models/rounds.server";
import gateStyles from "~/styles/gate.css";
import styles from "~/styles/results.css";
import roomCodeStyles from "~/styles/room-code.css";
import { getStaff, hasGate } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { qrSvg } from "~/utils/qr.server";
import { refusalHeaders } from "~/utils/refusal-headers";
import { projectorCode, roomCodeOn } from "~/utils/room-code.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: roomCodeStyles },
  { rel: "stylesheet", href: gateStyles },
];
export const meta: MetaFunction = () => [
  { title: "Results | Laugh Windsor" },
  { name: "robots", content: "noindex" },
];

/** The live view polls at worst this often, even if the event stream is down. */
const FALLBACK_POLL_MS = 30_000;

/**
 * The round /results shows without `?round=`: the only open round; of several, the only one of
 * tonight's shows; else (none open) the newest. Several rooms voting tonight: the host picks.
 */
type RoundChoice = { id: number; title: string; show: string; venue: string | null };
function defaultRound(
  rounds: ReturnType<typeof listRounds>,
): { id: number } | { choose: RoundChoice[] } | null {
  const open = openRounds();
  if (open.length === 1) return { id: open[0].id };
  if (open.length > 1) {
    const today = todayIn(getEnv().APP_TIMEZONE);
    const tonight = open.filter((r) => r.show?.date === today);
    if (tonight.length === 1) return { id: tonight[0].id };
    return {
      choose: open.map((r) => ({
        id: r.id,
        title: r.title,
        show: roundShowName(r),
        venue: r.show?.venue ?? null,
      })),
    };
  }
  return rounds[0] ? { id: rounds[0].id } : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (!(await hasGate(request, "resultsGate"))) return json({ locked: true as const }, { headers });
  const url = new URL(request.url);
  const asked = url.searchParams.has("round") ? parseId(url.searchParams.get("round")) : null;
  if (url.searchParams.has("round") && asked === null)
    throw new Response("No such voting round", { status: 404 });
  const rounds = listRounds();
  const picked: { id: number } | { choose: RoundChoice[] } | null = asked
    ? { id: asked }
    : defaultRound(rounds);
  const choose = picked && "choose" in picked ? picked.choose : null;
  const round = picked && "id" in picked ? roundWithShow(picked.id) : undefined;
  if (asked && !round) throw new Response("No such voting round", { status: 404 });
  const projector = url.searchParams.get("view") === "projector";
  const display = round ? roundDisplay(round) : null;
  const open = display?.open ?? false;
  const origin = publicOrigin(request);
  const room = round && open && projector ? await projectorCode(round, origin) : null;
  // Issue 37: the QR code and the vote address lead to this round (a room's own ballot).
  const roundVoteUrl = round ? `${origin}/vote?round=${round.id}` : `${origin}/vote`;
  const staff = await getStaff(request);
  return json(
    {
      locked: false as const,
      projector,
      choose,
      staff: staff !== null,
      // The projector's vote address and QR code, while voting is open: with the room code in it when that is on.
      voteAt:
        projector && open
          ? {
              text: `${origin}/vote`.replace(/^https?:\/\//, ""),
              qr: room?.qrSvg ?? (await qrSvg(roundVoteUrl)),
              url: room?.voteUrl ?? roundVoteUrl,
            }
          : null,
      roomCode:
        round && open
          ? {
              on: roomCodeOn(round),
              projector: room,
              refreshInMs: room ? Math.max(1000, room.changesAt - Date.now() + 500) : null,
            }
          : null,
      patterns: round && !projector ? suspiciousPatterns(round.id) : null,
      alarm: round && !projector ? roundAlarm(round.id) : null,
      round: round
        ? {
            id: round.id,
            title: round.title,
            show: roundShowName(round),
            // "2 Minutes to Kill · Tipsy Toucan · Wednesday, November 26": the room this round is.
            room: round.show
              ? [round.show.title, round.show.venue, round.show.date ? formatLongDate(round.show.date) : null]
                  .filter(Boolean)
                  .join(" · ")
              : null,
          }
        : null,
      closeAsk: url.searchParams.get("step") === "close" && open,
      // Issue 41: a round for a show's date without a ticket check can turn one on until its reveal.
      canCheckTickets:
        !!round &&
        round.ticketCheck === "off" &&
        round.eventId !== null &&
        round.eventDate !== null &&
        !ticketCountFrozen(round),
      // Issue 18: live or hidden-until-revealed standings, and the closing countdown.
      display,
      standingsMode: round?.standingsMode ?? "live",
      rounds: rounds.map((r) => ({ id: r.id, title: r.title, open: r.open, votes: r.votes })),
    },
    { headers },
  );
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleResultsPost(request, context.clientIp);
}

export default function ResultsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.locked) return <ResultsGate />;
  if (data.choose) return <ChooseRound rounds={data.choose} />;
  return <LiveResults key={data.round?.id ?? 0} data={data} />;
}

function ResultsGate() {
  const answer = useActionData<typeof action>();
  return (
    <GatePage
      title="Voting results"
      intro="Enter the results password to see the live standings."
      button="View Results"
      schema={gateSchema}
      lastResult={answer && !("projectorLink" in answer) ? answer : undefined}
    />
  );
}

/** Issue 37: more than one room is voting tonight: the host picks theirs (never one silently). */
function ChooseRound({
  rounds,
}: {
  rounds: { id: number; title: string; show: string; venue: string | null }[];
}) {
  return (
    <section className="section container results">
      <h1>Which room's results?</h1>
      <p>More than one round is open right now. Choose the one you are hosting:</p>
      <ul className="results__choose">
        {rounds.map((r) => (
          <li key={r.id}>
            <Link to={`/results?round=${r.id}`} className="button button--outline host-controls__button">
              {r.show}
              {r.venue ? ` · ${r.venue}` : ""} ({r.title})
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Unlocked = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { locked: false }>;

function LiveResults({ data }: { data: Unlocked }) {
  const [display, setDisplay] = useState<LiveUpdate | null>(
    data.display && data.alarm
      ? { ...data.display, alarm: data.alarm }
      : data.display
        ? { ...data.display, alarm: { budgetHits: [], bursts: [] } }
        : null,
  );
  const [live, setLive] = useState<"off" | "on" | "reconnecting">("off");
  const revalidator = useRevalidator();
  const answer = useActionData<typeof action>();
  const projectorLink = answer && "projectorLink" in answer ? answer.projectorLink : null;
  useEffect(
    () =>
      setDisplay(
        data.display ? { ...data.display, alarm: data.alarm ?? { budgetHits: [], bursts: [] } } : null,
      ),
    [data.display, data.alarm],
  );

  const roundId = data.round?.id;
  useEffect(() => {
    if (!roundId) return;
    const source = new EventSource(`/results/stream?round=${roundId}`);
    source.addEventListener("display", (e) => {
      setDisplay(JSON.parse((e as MessageEvent<string>).data) as LiveUpdate);
      setLive("on");
    });
    source.onerror = () => setLive("reconnecting");
    return () => source.close();
  }, [roundId]);

  // When voting opens or closes (QR code, vote address, room code), the page itself must change.
  const open = display?.open ?? false;
  useEffect(() => {
    if (data.display && open !== data.display.open && revalidator.state === "idle") revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // The projector's room code changes every few minutes: re-read the page when it does.
  const refreshInMs = data.roomCode?.refreshInMs ?? null;
  useEffect(() => {
    if (!refreshInMs) return;
    const timer = setTimeout(() => revalidator.revalidate(), refreshInMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshInMs, data.roomCode?.projector?.code]);

  // The floor: whatever happens to the stream, re-read the page every 30 seconds.
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  const base = roundId ? `?round=${roundId}` : "";
  // While the round changes by the second (hidden, closing, just closed), the page without
  // JavaScript refreshes every 5 s so each step shows within seconds.
  const quick = display?.view.mode === "hidden" || display?.closesIn || (display && !display.open);
  const refresh = quick ? "5" : "30";
  const status =
    live === "on"
      ? "Updating live"
      : live === "reconnecting"
        ? "Reconnecting..."
        : `Refreshes every ${refresh} seconds`;
  const phase = display?.phase ?? null;
  if (data.projector) {
    const view = display?.view;
    const rows = !view
      ? 0
      : view.mode === "live"
        ? view.standings.rows.length
        : view.revealed.length + view.waiting.length;
    return (
      <section className="results--projector" style={{ "--rows": Math.max(rows, 4) } as CSSProperties}>
        <noscript>
          <meta httpEquiv="refresh" content={refresh} />
        </noscript>
        <header className="projector__head">
          <div className="projector__titles">
            <p className="results__eyebrow">
              {data.round?.room ?? (open ? "Live results" : "Results")}
              {open ? (
                <>
                  {" "}
                  · <span aria-live="polite">{status}</span>
                </>
              ) : null}
            </p>
            <h1>{data.round ? data.round.title : "Voting results"}</h1>
            <p
              className={`projector__count projector__phase projector__phase--${phase?.kind ?? "none"}`}
              data-vote-count
              data-round-phase={phase?.kind ?? "none"}
              aria-live="polite"
            >
              {phase ? phaseText(phase) : "No votes have been cast yet."}
              <Link to={`/results${base}`} className="results__projector-exit">
                Leave projector view
              </Link>
            </p>
            {display?.tickets ? (
              <p className="projector__tickets" data-ticket-count>
                {ticketCountText(display.tickets)}
              </p>
            ) : null}
            {display ? <ClosingCountdown closesIn={display.closesIn} open={display.open} /> : null}
          </div>
          {data.voteAt && open ? (
            <ProjectorVoteBox voteAt={data.voteAt} code={data.roomCode?.projector?.code ?? null} />
          ) : null}
        </header>
        {display ? (
          <StandingsViewTable view={display.view} />
        ) : (
          <p className="results__empty">No votes have been cast yet.</p>
        )}
      </section>
    );
  }
  return (
    <section className="section container results">
      <noscript>
        <meta httpEquiv="refresh" content={refresh} />
      </noscript>
      <header className="results__head">
        <div>
          <p className="results__eyebrow">
            {data.round?.room ?? (display?.open ? "Live results" : "Results")}
          </p>
          <h1>{data.round ? data.round.title : "Voting results"}</h1>
        </div>
        <p className="results__status" aria-live="polite">
          {status}
        </p>
      </header>
      {display ? <ClosingCountdown closesIn={display.closesIn} open={display.open} /> : null}
      {display && data.round && data.closeAsk ? (
        <CloseVotingConfirm
          roundId={display.roundId}
          votes={phase && "votes" in phase ? phase.votes : 0}
          show={data.round.show}
          mode={display.view.mode}
          back={`/results${base}`}
        />
      ) : display && phase ? (
        <HostControls
          roundId={display.roundId}
          mode={display.view.mode}
          open={display.open}
          phase={phase}
          closeAsk={`/results${base ? `${base}&` : "?"}step=close`}
        />
      ) : null}
      {display?.tickets ? (
        <TicketBucket
          roundId={display.roundId}
          tickets={display.tickets}
          canSwitch={display.view.mode === "live" || display.view.revealed.length === 0}
        />
      ) : display && data.canCheckTickets ? (
        <TicketCheckOn roundId={display.roundId} />
      ) : null}
      {display && data.round ? <StuffingAlarm roundId={data.round.id} alarm={display.alarm} /> : null}
      {display ? (
        <StandingsViewTable view={display.view} />
      ) : (
        <p className="results__empty">No votes have been cast yet.</p>
      )}
      {data.round && data.roomCode ? <RoomCodeToggle roundId={data.round.id} on={data.roomCode.on} /> : null}
      {data.round && data.staff ? <ProjectorLink roundId={data.round.id} link={projectorLink} /> : null}
      {data.patterns ? <SuspiciousPatterns patterns={data.patterns} /> : null}
      <p className="results__links">
        <Link to={`/results${base ? `${base}&` : "?"}view=projector`} className="button button--dark">
          Projector view
        </Link>
        <Link to="/manage-comedians" className="button button--outline">
          Manage comedians
        </Link>
      </p>
      {data.rounds.length > 1 ? (
        <nav aria-label="Voting rounds" className="results__rounds">
          <h2>All rounds</h2>
          <ul>
            {data.rounds.map((r) => (
              <li key={r.id}>
                <Link to={`/results?round=${r.id}`} aria-current={r.id === roundId ? "page" : undefined}>
                  {r.title}
                </Link>{" "}
                <span className="muted">
                  ({r.open ? "open" : "closed"}, {r.votes} vote{r.votes === 1 ? "" : "s"})
                </span>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
