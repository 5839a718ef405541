import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PlacesTable, StandingsTable } from "~/components/standings";
import { closingText, phaseText, type RoundPhase, type StandingsView } from "~/lib/reveal";

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

/** One host command: a plain POST form with one button (44 px at least, results.css). */
export function HostButton({
  roundId,
  intent,
  label,
  extra = {},
  tone = "outline",
  ariaLabel,
}: {
  roundId: number;
  intent: string;
  label: string;
  extra?: Record<string, string>;
  tone?: "outline" | "primary" | "danger";
  ariaLabel?: string;
}) {
  return (
    <Form method="post" action="/results/host" className="host-controls__form">
      <input type="hidden" name="roundId" value={roundId} />
      {Object.entries(extra).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`button button--${tone} host-controls__button`}
        aria-label={ariaLabel}
      >
        {label}
      </button>
    </Form>
  );
}

/**
 * The host's controls (results page, not the projector), issue 37: the round's true state in
 * one line; the steps that follow one another (the reveal, once voting has closed); and, apart
 * at the bottom, the one that cannot be undone: "Close voting...", which leads to a confirmation
 * with the votes so far (`CloseVotingConfirm`).
 */
export function HostControls({
  roundId,
  mode,
  open,
  phase,
  closeAsk,
}: {
  roundId: number;
  mode: "live" | "hidden";
  open: boolean;
  phase: RoundPhase;
  /** Where "Close voting..." leads: this page with the confirmation step. */
  closeAsk: string;
}) {
  const revealing = phase.kind === "closed" || phase.kind === "revealing";
  const next =
    phase.kind === "revealing"
      ? `Reveal next place (${phase.shown + 1} of ${phase.of})`
      : "Reveal the first place";
  return (
    <section className="panel host-controls" aria-labelledby="host-controls-title">
      <h2 id="host-controls-title">Host controls</h2>
      <p className="host-controls__state" data-round-phase={phase.kind}>
        {phaseText(phase)}
      </p>
      <p className="muted host-controls__mode">
        {mode === "live"
          ? "Standings show live on the projector."
          : phase.kind === "winner"
            ? "Every place is revealed."
            : "Standings are hidden until you reveal them, last place first."}
      </p>
      <div className="host-controls__row">
        {phase.kind === "open" || phase.kind === "scheduled" || phase.kind === "closed" ? (
          mode === "live" ? (
            <HostButton roundId={roundId} intent="mode-hidden" label="Hide standings until revealed" />
          ) : (
            <HostButton roundId={roundId} intent="mode-live" label="Show standings live" />
          )
        ) : null}
        {mode === "hidden" && revealing ? (
          <>
            <HostButton roundId={roundId} intent="reveal-next" label={next} tone="primary" />
            <HostButton
              roundId={roundId}
              intent="reveal-auto"
              label="Reveal automatically (every 5 s)"
              extra={{ every: "5" }}
            />
          </>
        ) : null}
      </div>
      {open ? (
        <div className="host-controls__apart" aria-labelledby="host-controls-apart-title">
          <h3 id="host-controls-apart-title">Ending the vote (cannot be undone)</h3>
          <p className="muted">The reveal starts only once voting has closed.</p>
          <Link to={closeAsk} className="button button--danger host-controls__button" preventScrollReset>
            Close voting…
          </Link>
        </div>
      ) : null}
    </section>
  );
}

/** Issue 37: "Close voting" asks first, with the votes so far; the steps it offers are named. */
export function CloseVotingConfirm({
  roundId,
  votes,
  show,
  mode,
  back,
}: {
  roundId: number;
  votes: number;
  show: string;
  mode: "live" | "hidden";
  back: string;
}) {
  return (
    <section
      className="panel host-controls host-controls__confirm"
      aria-labelledby="close-confirm-title"
      role="alert"
    >
      <h2 id="close-confirm-title">Close voting for {show}?</h2>
      <p className="host-controls__state">{`${votes} vote${votes === 1 ? "" : "s"} so far.`}</p>
      <p>
        Phones will see "Voting has closed for {show}", the QR code leaves the projector, and no vote counts
        after this. It cannot be undone.
      </p>
      <div className="host-controls__row">
        <HostButton roundId={roundId} intent="close-now" label="Close voting" tone="danger" />
        <HostButton
          roundId={roundId}
          intent="close-and-reveal"
          label="Close voting and start the reveal"
          tone="danger"
          ariaLabel={`Close voting and start the reveal${mode === "live" ? " (hides the standings first)" : ""}`}
        />
        <HostButton
          roundId={roundId}
          intent="close-in"
          label="Close in 60 s instead"
          extra={{ seconds: "60" }}
        />
        <Link to={back} className="button button--outline host-controls__button" preventScrollReset>
          Keep voting open
        </Link>
      </div>
    </section>
  );
}
