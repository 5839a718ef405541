import { useNavigation } from "@remix-run/react";

/** A slim bar at the top of the page while the next page loads (no artificial waits). */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      className="progress-bar"
      data-state={busy ? navigation.state : "idle"}
      role="progressbar"
      aria-hidden={!busy}
      aria-label="Loading"
    />
  );
}
