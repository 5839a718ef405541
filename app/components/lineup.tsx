import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { Headshot } from "~/components/headshot";
import { cardLineupNames, comedianPath, ROLE_LABELS, type LineupEntry } from "~/lib/lineup";

/** A card's "with A, B and C" line, each name linking to the comedian's page. */
export function CardLineup({ lineup }: { lineup: Pick<LineupEntry, "name" | "slug">[] | undefined }) {
  if (!lineup?.length) return null;
  const { shown, more } = cardLineupNames(lineup);
  const items = [
    ...shown.map((c) => (
      <Link key={c.slug} to={comedianPath(c)}>
        {c.name}
      </Link>
    )),
    ...(more > 0 ? [<span key="more">{more} more</span>] : []),
  ];
  return (
    <p className="show-card__lineup">
      with{" "}
      {items.map((item, i) => (
        <Fragment key={i}>
          {i > 0 ? (i === items.length - 1 ? " and " : ", ") : null}
          {item}
        </Fragment>
      ))}
    </p>
  );
}

/** The line-up on event and show pages: running order, role, link to each comedian's page. */
export function LineupList({ lineup }: { lineup: LineupEntry[] | undefined }) {
  if (!lineup?.length) return null;
  return (
    <section className="lineup" aria-labelledby="lineup-title">
      <h2 id="lineup-title">Line-up</h2>
      <ol className="lineup__list">
        {lineup.map((c) => (
          <li key={c.comedianId} className="lineup__item">
            <Headshot name={c.name} image={c.headshot} size={56} alt="" className="lineup__photo" />
            <span>
              <Link to={comedianPath(c)} className="lineup__name">
                {c.name}
              </Link>
              <span className="lineup__role muted"> · {ROLE_LABELS[c.role]}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
