import { Link } from "@remix-run/react";

/**
 * A sold-out show is not a dead end (issue 15, item 8): in place of the price and the
 * ticket buttons, say so plainly and point to the other shows.
 */
export function SoldOutNotice({ title }: { title: string }) {
  return (
    <div className="sold-out-notice" role="status">
      <p className="sold-out-notice__text">
        <strong>Sold out.</strong> Every seat for {title} is taken.
      </p>
      <p className="sold-out-notice__actions">
        <Link to="/calendar" className="button button--primary">
          See other dates and shows
        </Link>
      </p>
    </div>
  );
}
