import { lazy, Suspense } from "react";
import type { Show } from "~/lib/shows";

// The form (with its zod schema and Conform) is a chunk of its own, fetched only for a show
// that accepts applications, so other show pages stay light.
const ContestantApplication = lazy(() =>
  import("./contestant-application").then((m) => ({ default: m.ContestantApplication })),
);

/** Where a show page places the contestant application (anchor #contestant-application). */
export function ContestantApplicationSlot({ show }: { show: Show }) {
  if (!show.acceptsApplications) return null;
  return (
    <Suspense fallback={<section id="contestant-application" aria-busy="true" />}>
      <ContestantApplication show={show} />
    </Suspense>
  );
}
