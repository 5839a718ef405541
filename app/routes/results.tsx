import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type CSSProperties } from "react";
import { StandingsTable } from "~/components/standings";
import { gateSchema } from "~/lib/vote-schema";
import type { Standings } from "~/lib/results";
import { getOpenRound, getRound, listRounds, roundStandings } from "~/models/votes.server";
import { hasGate } from "~/utils/auth.server";
import { consume, retryText } from "~/utils/rate-limit.server";
import { requireSameOrigin } from "~/utils/request-guards.server";
import { isResultsPassword } from "~/utils/results-gate.server";
import { publicOrigin } from "~/utils/origin.server";
import { qrSvg } from "~/utils/qr.server";
import { getSession, sessionStorage } from "~/utils/session.server";
import { QrCode } from "~/components/qr-code";
import styles from "~/styles/results.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Results | Laugh Windsor" }, { name: "robots", content: "noindex" }];

/** The live view polls at worst this often, even if the event stream is down. */
const FALLBACK_POLL_MS = 30_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (!(await hasGate(request, "resultsGate"))) return json({ locked: true as const }, { headers });
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("round")) || null;
  const rounds = listRounds();
  const round = asked ? getRound(asked) : (getOpenRound() ?? rounds[0]);
  if (asked && !round) throw new Response("No such voting round", { status: 404 });
  const projector = url.searchParams.get("view") === "projector";
  const voteUrl = `${publicOrigin(request)}/vote`;
  return json(
    {
      locked: false as const,
      projector,
      voteAt: projector ? { url: voteUrl, text: voteUrl.replace(/^https?:\/\//, ""), qr: await qrSvg(voteUrl) } : null,
      round: round ? { id: round.id, title: round.title, open: round.openedAt !== null && round.closedAt === null } : null,
      standings: round ? roundStandings(round.id) : ({ total: 0, rows: [] } as Standings),
      rounds: rounds.map((r) => ({ id: r.id, title: r.title, open: r.open, votes: r.votes })),
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await request.formData();
  const parsed = gateSchema.safeParse({ password: form.get("password") ?? undefined });
  if (parsed.success && isResultsPassword(parsed.data.password)) {
    const session = await getSession(request);
    session.set("resultsGate", true);
    // No maxAge/expires: the cookie ends with the browser session, as the spec says.
    const cookie = await sessionStorage().commitSession(session);
    const back = new URL(request.url);
    return redirect(`/results${back.search}`, { headers: { "Set-Cookie": cookie } });
  }
  // Only wrong guesses spend the budget: door staff retyping the right password are never locked out.
  const limit = await consume("gate", `results:${context.clientIp}`);
  if (!limit.ok) {
    return json(
      { error: `Too many attempts. ${retryText(limit.retryAfterSeconds)}` },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const message = parsed.success ? "Incorrect password. Please try again." : parsed.error.issues[0].message;
  return json({ error: message }, { status: parsed.success ? 401 : 400 });
}

export default function ResultsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.locked) return <ResultsGate />;
  return <LiveResults key={data.round?.id ?? 0} data={data} />;
}

function ResultsGate() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [show, setShow] = useState(false);
  const error = actionData?.error;
  return (
    <section className="section container auth-page">
      <div className="panel auth-panel">
        <h1>Voting results</h1>
        <p className="muted">Enter the results password to see the live standings.</p>
        <Form method="post">
          {error ? <p className="form-error" role="alert" id="gate-error">{error}</p> : null}
          <div className="field">
            <label htmlFor="results-password">Password</label>
            <input id="results-password" name="password" type={show ? "text" : "password"} required autoComplete="off"
              aria-invalid={error ? true : undefined} aria-describedby={error ? "gate-error" : undefined} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            View Results
          </button>
        </Form>
      </div>
    </section>
  );
}

type Unlocked = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { locked: false }>;

function LiveResults({ data }: { data: Unlocked }) {
  const [standings, setStandings] = useState<Standings>(data.standings);
  const [live, setLive] = useState<"off" | "on" | "reconnecting">("off");
  const revalidator = useRevalidator();
  useEffect(() => setStandings(data.standings), [data.standings]);

  const roundId = data.round?.id;
  useEffect(() => {
    if (!roundId) return;
    const source = new EventSource(`/results/stream?round=${roundId}`);
    source.addEventListener("standings", (e) => {
      setStandings(JSON.parse((e as MessageEvent<string>).data) as Standings);
      setLive("on");
    });
    source.onerror = () => setLive("reconnecting");
    return () => source.close();
  }, [roundId]);

  // The floor: whatever happens to the stream, re-read the page every 30 seconds.
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  const base = roundId ? `?round=${roundId}` : "";
  const status = live === "on" ? "Updating live" : live === "reconnecting" ? "Reconnecting..." : "Refreshes every 30 seconds";
  if (data.projector) {
    return (
      <section className="results--projector" style={{ "--rows": Math.max(standings.rows.length, 4) } as CSSProperties}>
        <noscript>
          <meta httpEquiv="refresh" content="30" />
        </noscript>
        <header className="projector__head">
          <div className="projector__titles">
            <p className="results__eyebrow">{data.round?.open ? "Live results" : "Results"} · <span aria-live="polite">{status}</span></p>
            <h1>{data.round ? data.round.title : "Voting results"}</h1>
            <p className="projector__count" data-vote-count aria-live="polite">
              <strong>{standings.total}</strong> vote{standings.total === 1 ? "" : "s"}
              <Link to={`/results${base}`} className="results__projector-exit">Leave projector view</Link>
            </p>
          </div>
          {/* The vote address and its QR code; the room code goes here too (issue 13). */}
          {data.voteAt ? (
            <div className="projector__vote-at" data-projector-slot="vote-at">
              <QrCode svg={data.voteAt.qr} label={`QR code for ${data.voteAt.text}`} className="projector__qr" />
              <p className="projector__vote-line">Vote at <strong>{data.voteAt.text}</strong></p>
            </div>
          ) : null}
        </header>
        {data.round ? <StandingsTable standings={standings} /> : <p className="results__empty">No votes have been cast yet.</p>}
      </section>
    );
  }
  return (
    <section className="section container results">
      <noscript>
        <meta httpEquiv="refresh" content="30" />
      </noscript>
      <header className="results__head">
        <div>
          <p className="results__eyebrow">{data.round?.open ? "Live results" : "Results"}</p>
          <h1>{data.round ? data.round.title : "Voting results"}</h1>
        </div>
        <p className="results__status" aria-live="polite">{status}</p>
      </header>
      {data.round ? <StandingsTable standings={standings} /> : <p className="results__empty">No votes have been cast yet.</p>}
      <>
          <p className="results__links">
            <Link to={`/results${base ? `${base}&` : "?"}view=projector`} className="button button--dark">Projector view</Link>
            <Link to="/manage-comedians" className="button button--outline">Manage comedians</Link>
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
                    <span className="muted">({r.open ? "open" : "closed"}, {r.votes} vote{r.votes === 1 ? "" : "s"})</span>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
      </>
    </section>
  );
}
