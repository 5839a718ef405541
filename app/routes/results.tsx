import { parseWithZod } from "@conform-to/zod/v4";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type CSSProperties } from "react";
import { GatePage } from "~/components/gate-page";
import { ClosingCountdown, HostControls, StandingsViewTable } from "~/components/reveal";
import { ProjectorVoteBox, RoomCodeToggle, SuspiciousPatterns } from "~/components/room-code";
import { suspiciousPatterns } from "~/features/voting/vote-watch.server";
import { parseId } from "~/lib/ids";
import { gateSchema } from "~/lib/vote-schema";
import { roundDisplay, type RoundDisplay } from "~/models/round-control.server";
import { getOpenRound, getRound, listRounds, setRoomCode } from "~/models/votes.server";
import gateStyles from "~/styles/gate.css";
import styles from "~/styles/results.css";
import roomCodeStyles from "~/styles/room-code.css";
import { hasGate } from "~/utils/auth.server";
import { overBudget, readForm } from "~/utils/form-pipeline.server";
import { unlockGate } from "~/utils/gate.server";
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

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (!(await hasGate(request, "resultsGate"))) return json({ locked: true as const }, { headers });
  const url = new URL(request.url);
  const asked = url.searchParams.has("round") ? parseId(url.searchParams.get("round")) : null;
  if (url.searchParams.has("round") && asked === null)
    throw new Response("No such voting round", { status: 404 });
  const rounds = listRounds();
  const round = asked ? getRound(asked) : (getOpenRound() ?? rounds[0]);
  if (asked && !round) throw new Response("No such voting round", { status: 404 });
  const projector = url.searchParams.get("view") === "projector";
  const open = round ? round.openedAt !== null && round.closedAt === null : false;
  const origin = publicOrigin(request);
  const room = round && open && projector ? await projectorCode(round, origin) : null;
  return json(
    {
      locked: false as const,
      projector,
      // The projector's vote address and QR code: with the room code in it when that is on.
      voteAt: projector
        ? {
            text: `${origin}/vote`.replace(/^https?:\/\//, ""),
            qr: room?.qrSvg ?? (await qrSvg(`${origin}/vote`)),
            url: room?.voteUrl ?? `${origin}/vote`,
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
      round: round
        ? { id: round.id, title: round.title, open: round.openedAt !== null && round.closedAt === null }
        : null,
      // Issue 18: live or hidden-until-revealed standings, and the closing countdown.
      display: round ? roundDisplay(round) : null,
      standingsMode: round?.standingsMode ?? "live",
      rounds: rounds.map((r) => ({ id: r.id, title: r.title, open: r.open, votes: r.votes })),
    },
    { headers },
  );
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "room-code") {
    // The host turns the room code on or off for a round (gate or staff only).
    if (!(await hasGate(request, "resultsGate")))
      throw new Response("Enter the results password first.", { status: 401 });
    const roundId = parseId(String(form.get("roundId") ?? ""));
    if (!roundId || !setRoomCode(roundId, form.get("on") === "1"))
      throw new Response("No such voting round", { status: 404 });
    return redirect(`/results?round=${roundId}`);
  }
  const submission = parseWithZod(form, { schema: gateSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  // One rule with /booking (gate.server.ts): budget first, then the password.
  const attempt = await unlockGate(request, "results", submission.value.password, context.clientIp);
  if (!attempt.ok) {
    const reply = submission.reply({ formErrors: [attempt.message], hideFields: ["password"] });
    return attempt.status === 429 ? overBudget(reply, attempt) : json(reply, { status: attempt.status });
  }
  const headers = new Headers();
  for (const cookie of attempt.setCookies) headers.append("Set-Cookie", cookie);
  const back = new URL(request.url);
  return redirect(`/results${back.search}`, { headers });
}

export default function ResultsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.locked) return <ResultsGate />;
  return <LiveResults key={data.round?.id ?? 0} data={data} />;
}

function ResultsGate() {
  return (
    <GatePage
      title="Voting results"
      intro="Enter the results password to see the live standings."
      button="View Results"
      schema={gateSchema}
      lastResult={useActionData<typeof action>()}
    />
  );
}

type Unlocked = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { locked: false }>;

function LiveResults({ data }: { data: Unlocked }) {
  const [display, setDisplay] = useState<RoundDisplay | null>(data.display);
  const [live, setLive] = useState<"off" | "on" | "reconnecting">("off");
  const revalidator = useRevalidator();
  useEffect(() => setDisplay(data.display), [data.display]);

  const roundId = data.round?.id;
  useEffect(() => {
    if (!roundId) return;
    const source = new EventSource(`/results/stream?round=${roundId}`);
    source.addEventListener("display", (e) => {
      setDisplay(JSON.parse((e as MessageEvent<string>).data) as RoundDisplay);
      setLive("on");
    });
    source.onerror = () => setLive("reconnecting");
    return () => source.close();
  }, [roundId]);

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
  const status =
    live === "on"
      ? "Updating live"
      : live === "reconnecting"
        ? "Reconnecting..."
        : "Refreshes every 30 seconds";
  // A hidden round's projector refreshes faster without JavaScript so each reveal shows within seconds.
  const refresh = display?.view.mode === "hidden" || display?.closesIn ? "5" : "30";
  if (data.projector) {
    const view = display?.view;
    const total = !view ? 0 : view.mode === "live" ? view.standings.total : view.total;
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
              {display?.open ? "Live results" : "Results"} · <span aria-live="polite">{status}</span>
            </p>
            <h1>{data.round ? data.round.title : "Voting results"}</h1>
            <p className="projector__count" data-vote-count aria-live="polite">
              <strong>{total}</strong> vote{total === 1 ? "" : "s"}
              <Link to={`/results${base}`} className="results__projector-exit">
                Leave projector view
              </Link>
            </p>
            {display ? <ClosingCountdown closesIn={display.closesIn} open={display.open} /> : null}
          </div>
          {data.voteAt && data.round?.open ? (
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
          <p className="results__eyebrow">{display?.open ? "Live results" : "Results"}</p>
          <h1>{data.round ? data.round.title : "Voting results"}</h1>
        </div>
        <p className="results__status" aria-live="polite">
          {status}
        </p>
      </header>
      {display ? <ClosingCountdown closesIn={display.closesIn} open={display.open} /> : null}
      {display ? (
        <StandingsViewTable view={display.view} />
      ) : (
        <p className="results__empty">No votes have been cast yet.</p>
      )}
      {display ? (
        <HostControls
          roundId={display.roundId}
          mode={display.view.mode}
          open={display.open}
          complete={display.view.mode === "live" || display.view.complete}
        />
      ) : null}
      {data.round && data.roomCode ? <RoomCodeToggle roundId={data.round.id} on={data.roomCode.on} /> : null}
      {data.patterns ? <SuspiciousPatterns patterns={data.patterns} /> : null}
      <>
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
      </>
    </section>
  );
}
