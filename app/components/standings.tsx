import { formatPercentage, type Standings } from "~/lib/results";

/** The standings table: rank, name, votes, percentage, a bar; the leader highlighted; the total. */
export function StandingsTable({ standings }: { standings: Standings }) {
  if (standings.total === 0) {
    return (
      <>
        <p className="results__empty">No votes have been cast yet.</p>
        {standings.rows.length ? <StandingsList standings={standings} /> : null}
      </>
    );
  }
  return <StandingsList standings={standings} />;
}

function StandingsList({ standings }: { standings: Standings }) {
  return (
    <>
      <PlacesTable rows={standings.rows} leaderLabel="Leader" highlightLeader bars />
      <p className="results__total">
        Total votes: <strong>{standings.total}</strong>
      </p>
    </>
  );
}

type Place = Pick<
  Standings["rows"][number],
  "comedianId" | "rank" | "name" | "votes" | "percentage" | "leader"
>;

/**
 * The one table of places (live standings and the hidden round's revealed places): rank,
 * name, votes, percentage; the leader marked with `leaderLabel` while `highlightLeader`;
 * a bar per row when `bars`.
 */
export function PlacesTable({
  rows,
  leaderLabel,
  highlightLeader,
  bars = false,
  label,
}: {
  rows: Place[];
  leaderLabel: string;
  highlightLeader: boolean;
  bars?: boolean;
  label?: string;
}) {
  return (
    <table className="results__table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col" className="results__rank-head">
            Rank
          </th>
          <th scope="col">Comedian</th>
          <th scope="col" className="results__num-head">
            Votes
          </th>
          <th scope="col" className="results__num-head">
            <span className="results__long">Percentage</span>
            <span className="results__short" aria-hidden="true">
              %
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const leader = highlightLeader && row.leader;
          return (
            <tr
              key={row.comedianId}
              className={leader ? "results__row results__row--leader" : "results__row"}
            >
              <td className="results__rank">{row.rank}</td>
              <th scope="row" className="results__name">
                {row.name}
                {leader ? <span className="badge badge--club results__leader">{leaderLabel}</span> : null}
                {bars ? (
                  <span className="results__bar" aria-hidden="true">
                    <span className="results__bar-fill" style={{ width: `${row.percentage}%` }} />
                  </span>
                ) : null}
              </th>
              <td className="results__votes">{row.votes}</td>
              <td className="results__pct">{formatPercentage(row.percentage)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
