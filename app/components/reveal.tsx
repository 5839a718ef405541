import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { StandingsTable } from "~/components/standings";
import { formatPercentage } from "~/lib/results";
import { closingText, type StandingsView } from "~/lib/reveal";

/** The standings as the round allows them: live, or hidden with the revealed places. */
export function StandingsViewTable({ view }: { view: StandingsView }) {
  if (view.mode === "live") return <StandingsTable standings={view.standings} />;
  return (
    <div className="results__hidden">
      <p className="results__total">
        Votes so far: <strong>{view.total}</strong>
      </p>
      {view.waiting.length > 0 ? (
        <>
          <h2 className="results__waiting-title">{view.revealed.length ? "Still to be revealed" : "Tonight's comics"}</h2>
          <ul className="results__waiting" aria-label="Comics not revealed yet">
            {view.waiting.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
      {view.revealed.length > 0 ? (
        <table className="results__table" aria-label="Revealed places">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Comedian</th>
              <th scope="col">Votes</th>
              <th scope="col">Percentage</th>
            </tr>
          </thead>
          <tbody>
            {view.revealed.map((row) => (
              <tr key={row.comedianId} className={view.complete && row.leader ? "results__row results__row--leader" : "results__row"}>
                <td className="results__rank">{row.rank}</td>
                <th scope="row" className="results__name">
                  {row.name}
                  {view.complete && row.leader ? <span className="badge badge--club results__leader">Winner</span> : null}
                </th>
                <td className="results__votes">{row.votes}</td>
                <td className="results__pct">{formatPercentage(row.percentage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** "Voting closes in 60 s": counts down with JavaScript; without it, the page's refresh updates it. */
export function ClosingCountdown({ closesIn, open }: { closesIn: number | null; open: boolean }) {
  const [left, setLeft] = useState(closesIn);
  useEffect(() => {
    setLeft(closesIn);
    if (closesIn === null) return;
    const end = Date.now() + closesIn * 1000;
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 250);
    return () => clearInterval(timer);
  }, [closesIn]);
  if (left === null) return null;
  return (
    <p className="voting-closing" role="status">
      {open && left > 0 ? closingText(left) : "Voting has closed"}
    </p>
  );
}

/** The host's buttons (results page, not the projector): plain POST forms. */
export function HostControls({ roundId, mode, open, complete }: { roundId: number; mode: "live" | "hidden"; open: boolean; complete: boolean }) {
  const button = (intent: string, label: string, extra: Record<string, string> = {}) => (
    <Form method="post" action="/results/host" className="host-controls__form">
      <input type="hidden" name="roundId" value={roundId} />
      {Object.entries(extra).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" name="intent" value={intent} className="button button--outline button--small">
        {label}
      </button>
    </Form>
  );
  return (
    <section className="panel host-controls" aria-labelledby="host-controls-title">
      <h2 id="host-controls-title">Host controls</h2>
      <p className="muted">
        Standings are {mode === "live" ? "live on the projector" : "hidden until you reveal them"}. Voting is {open ? "open" : "closed"}.
      </p>
      <div className="host-controls__row">
        {mode === "live" ? button("mode-hidden", "Hide standings until revealed") : button("mode-live", "Show standings live")}
        {open ? button("close-in", "Close voting in 60 s", { seconds: "60" }) : null}
        {open ? button("close-now", "Close voting now") : null}
        {mode === "hidden" && !complete ? button("reveal-next", "Reveal next") : null}
        {mode === "hidden" && !complete ? button("reveal-auto", "Reveal automatically (every 5 s)", { every: "5" }) : null}
      </div>
    </section>
  );
}
