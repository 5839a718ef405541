/**
 * The dashboard's "sync from the ticketing platform" button (a POST form with a pending
 * state). Issue 6 fills it in; the dashboard places it now.
 */
export function SyncButton() {
  return null;
}
