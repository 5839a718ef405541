import type { Show } from "~/lib/shows";

/**
 * schema.org ComedyEvent JSON-LD for one or more shows (show pages and listings).
 * Issue 4 fills it in; pages place it now.
 */
export function ShowStructuredData(_props: { shows: Show[]; origin: string }) {
  return null;
}
