import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { useBusinessToday, useBusinessZone } from "~/components/business-zone";
import { formatCardDate } from "~/lib/dates";
import type { SyncStatus } from "~/lib/eventbrite-sync";
import { formatInZone } from "~/lib/zoned-time";

const SYNC_ACTION = "/admin/sync";

/**
 * The dashboard's "sync from the ticketing platform" area: a POST form to /admin/sync
 * (a redirect back with the outcome, so it works without JavaScript; "Syncing..." while
 * it runs with it), when the last sync ran, and the synced shows staff edited by hand,
 * which the sync leaves alone until staff hand them back.
 *
 * Pass `status` from the dashboard loader (`getSyncStatus()` in app/models/sync.server.ts)
 * to render the list on the server; without it the component loads it with JavaScript.
 */
export function SyncButton({ status }: { status?: SyncStatus | null }) {
  const navigation = useNavigation();
  const fetcher = useFetcher<SyncStatus>();
  const zone = useBusinessZone();
  const today = useBusinessToday();
  const pendingIntent =
    navigation.state !== "idle" && navigation.formAction === SYNC_ACTION
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const syncing = pendingIntent === "sync";

  // Loaded once when the page didn't pass it; Remix revalidates it after each sync.
  const requested = useRef(false);
  useEffect(() => {
    if (status || requested.current) return;
    requested.current = true;
    fetcher.load(SYNC_ACTION);
  }, [status, fetcher]);
  const data = status ?? fetcher.data ?? null;

  return (
    <section className="sync-area" aria-labelledby="sync-heading">
      <h2 id="sync-heading" className="visually-hidden">
        Ticketing sync
      </h2>
      <Form method="post" action={SYNC_ACTION} className="sync-area__form">
        <input type="hidden" name="intent" value="sync" />
        <button
          type="submit"
          className="button button--eventbrite"
          disabled={syncing}
          aria-busy={syncing || undefined}
        >
          <RefreshCw size={18} aria-hidden="true" className={syncing ? "sync-area__spin" : undefined} />
          {syncing ? "Syncing..." : "Sync from Eventbrite"}
        </button>
        {data ? (
          <span className="sync-area__last">
            {data.lastSyncedAt
              ? `Last synced ${formatInZone(new Date(data.lastSyncedAt), "MMM d, h:mm a", zone)} (Toronto)`
              : "Not synced yet"}
          </span>
        ) : null}
      </Form>
      {data?.lastRun ? (
        <details className="sync-area__run">
          <summary>
            Last run finished {formatInZone(new Date(data.lastRun.finishedAt), "MMM d, h:mm a", zone)}{" "}
            (Toronto)
            {data.lastRun.actor === "system" ? ", on schedule" : ` by ${data.lastRun.actor}`}:{" "}
            {data.lastRun.ok ? data.lastRun.summary : `failed: ${data.lastRun.summary}`}
          </summary>
          {data.lastRun.changes.length ? (
            <ul>
              {data.lastRun.changes.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
          ) : (
            <p>No show changed.</p>
          )}
        </details>
      ) : null}
      {data && data.staffEdited.length > 0 ? (
        <div className="sync-area__edited">
          <p>
            <strong>Edited by staff — sync won't overwrite:</strong> these synced shows keep your changes.
            Reset one to let the next sync update it from Eventbrite again.
          </p>
          <ul>
            {data.staffEdited.map((show) => (
              <li key={show.id}>
                <span>
                  {show.title} <span className="sync-area__date">({formatCardDate(show.date, today)})</span>
                </span>
                <Form method="post" action={SYNC_ACTION}>
                  <input type="hidden" name="intent" value="reset" />
                  <input type="hidden" name="eventId" value={show.id} />
                  <button
                    type="submit"
                    className="button button--outline button--small"
                    disabled={pendingIntent === "reset"}
                    aria-label={`Reset staff edits of ${show.title}`}
                  >
                    Reset to sync
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <style>{SYNC_AREA_CSS}</style>
    </section>
  );
}

/** Small and local to this component (the dashboard owns the admin stylesheet). */
const SYNC_AREA_CSS = `
.sync-area { margin-block: var(--space-4); }
.sync-area__form { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-3); }
.sync-area__form .button { display: inline-flex; align-items: center; gap: var(--space-2); }
.sync-area__run { margin-top: var(--space-2); font-size: 0.9rem; }
.sync-area__last, .sync-area__date { color: var(--muted); font-size: 0.9rem; }
.sync-area__spin { animation: sync-spin 1s linear infinite; }
@keyframes sync-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .sync-area__spin { animation: none; } }
.sync-area__edited { margin-top: var(--space-3); padding: var(--space-3) var(--space-4); border: 1px solid var(--line); border-left: 4px solid var(--spot); border-radius: var(--radius-sm); background: #fff; }
.sync-area__edited p { margin: 0 0 var(--space-2); }
.sync-area__edited ul { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-2); }
.sync-area__edited li { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--space-2); }
`;
