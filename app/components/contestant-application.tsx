import type { Show } from "~/lib/shows";

/**
 * The contestant application on the page of a show that accepts applications
 * (anchor #contestant-application). Issue 4 builds the form; this placeholder keeps the
 * anchor so the show pages can place it now.
 */
export function ContestantApplication({ show }: { show: Show }) {
  if (!show.acceptsApplications) return null;
  return <section id="contestant-application" aria-label="Contestant application" />;
}
