import { EventEmitter } from "node:events";

/**
 * In-process notifications for live results: the vote action says "round N changed",
 * every open /results stream for that round re-reads the standings. One process, one
 * machine (SQLite), so an in-memory emitter is enough.
 */
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function notifyRoundChanged(roundId: number) {
  emitter.emit("round", roundId);
}

export function onRoundChanged(listener: (roundId: number) => void): () => void {
  emitter.on("round", listener);
  return () => emitter.off("round", listener);
}
