import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toaster";
import type { Flash } from "~/lib/flash";

/**
 * An outcome that arrives without a redirect (e.g. "Event details loaded"): a banner in
 * the page without JavaScript, a toast (the spec's durations) once hydrated.
 */
export function InlineOutcome({ flash, stamp }: { flash: Flash | null; stamp?: number }) {
  const push = useToast();
  const [hydrated, setHydrated] = useState(false);
  const shown = useRef<number | undefined>(undefined);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (flash && shown.current !== stamp) {
      shown.current = stamp;
      push(flash);
    }
  }, [flash, stamp, push]);
  if (!flash || hydrated) return null;
  return (
    <div className={`flash flash--${flash.type}`} role={flash.type === "error" ? "alert" : "status"}>
      <span>{flash.message}</span>
    </div>
  );
}
