import { Link } from "@remix-run/react";

/**
 * A sold-out show is not a dead end (issue 15, item 8): in place of the price and the
 * ticket buttons, say so plainly and point to the other shows, and (issue 42) first to the
 * waitlist form further down the page when the date takes one (`waitlist`: its date).
 */
export function SoldOutNotice({ title, waitlist }: { title: string; waitlist?: string | null }) {
  return (
    <div className="sold-out-notice" role="status">
      <p className="sold-out-notice__text">
        <strong>Sold out.</strong> Every seat for {title} is taken.
      </p>
      <p className="sold-out-notice__actions">
        {waitlist ? (
          <a href={`#waitlist-${waitlist}`} className="button button--primary">
            Tell me when tickets free up
          </a>
        ) : null}
        <Link to="/calendar" className={waitlist ? "button button--outline" : "button button--primary"}>
          See other dates and shows
        </Link>
      </p>
    </div>
  );
}
