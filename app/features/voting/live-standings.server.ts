import type { AlarmView } from "~/lib/vote-patterns";
import { roundDisplay, type RoundDisplay } from "~/models/round-control.server";
import { getRound } from "~/models/rounds.server";
import { db, type DB } from "~/utils/db.server";
import { onRoundChanged } from "~/utils/vote-events.server";
import { roundAlarm } from "./vote-watch.server";

/**
 * Issue 20: what a live-results stream sends, read once and shared by every stream of the
 * round that asks within SHARE_MS (they all wake together, COALESCE_MS after a vote). Before,
 * each of N open streams read the standings itself: N × (votes in the round) per update.
 * A vote (notifyRoundChanged) drops the shared reading at once, so nothing waits for the window.
 */
const SHARE_MS = 100;
const MAX_ROUNDS = 64;
/** What a stream sends: the display (projector and host) and the host's alarm (issue 37). */
export type LiveUpdate = RoundDisplay & { alarm: AlarmView };
export type StandingsEvent = { display: LiveUpdate; text: string };
const shared = new Map<number, { at: number; database: DB; event: StandingsEvent | null }>();
let listening = false;

export function standingsEvent(
  roundId: number,
  database: DB = db(),
  now = Date.now(),
): StandingsEvent | null {
  if (!listening) {
    listening = true;
    onRoundChanged((id) => shared.delete(id));
  }
  const hit = shared.get(roundId);
  if (hit && hit.database === database && now - hit.at < SHARE_MS) return hit.event;
  const round = getRound(roundId, database);
  const display = round
    ? { ...roundDisplay(round, new Date(now), database), alarm: roundAlarm(roundId, database) }
    : null;
  const event = display ? { display, text: `event: display\ndata: ${JSON.stringify(display)}\n\n` } : null;
  shared.delete(roundId);
  shared.set(roundId, { at: now, database, event });
  if (shared.size > MAX_ROUNDS) shared.delete(shared.keys().next().value!);
  return event;
}
