import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PlacesTable, StandingsTable } from "~/components/standings";
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
          <h2 className="results__waiting-title">
            {view.revealed.length ? "Still to be revealed" : "Tonight's comics"}
          </h2>
          <ul className="results__waiting" aria-label="Comics not revealed yet">
            {view.waiting.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
      {view.revealed.length > 0 ? (
        <PlacesTable
          rows={view.revealed}
          leaderLabel="Winner"
          highlightLeader={view.complete}
          label="Revealed places"
        />
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
export function HostControls({
  roundId,
  mode,
  open,
  complete,
}: {
  roundId: number;
  mode: "live" | "hidden";
  open: boolean;
  complete: boolean;
}) {
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
        Standings are {mode === "live" ? "live on the projector" : "hidden until you reveal them"}. Voting is{" "}
        {open ? "open" : "closed"}.
      </p>
      <div className="host-controls__row">
        {mode === "live"
          ? button("mode-hidden", "Hide standings until revealed")
          : button("mode-live", "Show standings live")}
        {open ? button("close-in", "Close voting in 60 s", { seconds: "60" }) : null}
        {open ? button("close-now", "Close voting now") : null}
        {mode === "hidden" && !complete ? button("reveal-next", "Reveal next") : null}
        {mode === "hidden" && !complete
          ? button("reveal-auto", "Reveal automatically (every 5 s)", { every: "5" })
          : null}
      </div>
    </section>
  );
}
