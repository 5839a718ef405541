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
      <table className="results__table">
        <thead>
          <tr>
            <th scope="col" className="results__rank-head">Rank</th>
            <th scope="col">Comedian</th>
            <th scope="col" className="results__num-head">Votes</th>
            <th scope="col" className="results__num-head">
              <span className="results__long">Percentage</span>
              <span className="results__short" aria-hidden="true">%</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.rows.map((row) => (
            <tr key={row.comedianId} className={row.leader ? "results__row results__row--leader" : "results__row"}>
              <td className="results__rank">{row.rank}</td>
              <th scope="row" className="results__name">
                {row.name}
                {row.leader ? <span className="badge badge--club results__leader">Leader</span> : null}
                <span className="results__bar" aria-hidden="true">
                  <span className="results__bar-fill" style={{ width: `${row.percentage}%` }} />
                </span>
              </th>
              <td className="results__votes">{row.votes}</td>
              <td className="results__pct">{formatPercentage(row.percentage)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="results__total">
        Total votes: <strong>{standings.total}</strong>
      </p>
    </>
  );
}
