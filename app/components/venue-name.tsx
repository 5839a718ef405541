import { Link } from "@remix-run/react";
import { venuePath, type VenueRef } from "~/lib/venue-records";

/**
 * A show's venue as pages name it: a link to the venue's page (/{slug}) when the show has a
 * venue record, plain text otherwise ("TBA", "Online", a show without a record). The one
 * way every page names a venue (issue 17).
 */
export function VenueName({
  venue,
  record,
  className,
}: {
  /** The venue text of the show (what the page has always shown). */
  venue: string;
  record?: Pick<VenueRef, "slug"> | null;
  className?: string;
}) {
  if (!record) return className ? <span className={className}>{venue}</span> : <>{venue}</>;
  return (
    <Link to={venuePath(record)} className={className ? `${className} venue-link` : "venue-link"}>
      {venue}
    </Link>
  );
}
