/**
 * The bound on open live-results streams (/results/stream). Each open stream holds a socket,
 * a listener, a timer and a queue; without a bound, 2,000 streams on one gate cookie
 * took the process past its heap. The rules:
 *
 * - At most PER_SESSION streams per session: a new one closes that session's oldest (a host
 *   reloading the projector page is never locked out; one cookie cannot hold more).
 * - At most TOTAL streams in all: beyond that a new one is refused (503, Retry-After) and
 *   the page falls back to polling.
 * - At most OPENS_PER_MINUTE opens per session: a loop reopening streams is answered 429
 *   (Retry-After) before any standings are read.
 * - A stream whose client stops reading (its queue is over QUEUE_LIMIT bytes) is closed, and
 *   every stream is closed after MAX_LIFETIME_MS (EventSource reconnects by itself).
 */
export const STREAM_LIMITS = {
  PER_SESSION: 3,
  TOTAL: 150,
  QUEUE_LIMIT: 64 * 1024,
  MAX_LIFETIME_MS: 30 * 60_000,
  RETRY_AFTER_SECONDS: 30,
  /** Stream opens per session per minute (EventSource reconnects every 2 s at worst). */
  OPENS_PER_MINUTE: 30,
  /** Sessions whose recent opens are remembered (oldest forgotten first). */
  TRACKED_SESSIONS: 10_000,
} as const;

type Entry = { session: string; opened: number; close: () => void };

export class StreamRegistry {
  private open = new Set<Entry>();
  private opens = new Map<string, number[]>();
  constructor(
    private readonly limits: {
      PER_SESSION: number;
      TOTAL: number;
      OPENS_PER_MINUTE: number;
      TRACKED_SESSIONS: number;
    } = STREAM_LIMITS,
  ) {}

  /** Counts an attempt to open; answers the seconds to wait when the session is over its rate. */
  overRate(session: string, now = performance.now()): number | null {
    const recent = (this.opens.get(session) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= this.limits.OPENS_PER_MINUTE) {
      this.opens.set(session, recent);
      return Math.max(1, Math.ceil((60_000 - (now - recent[0])) / 1000));
    }
    recent.push(now);
    this.opens.delete(session); // re-insert: the Map's order is "least recently seen first"
    this.opens.set(session, recent);
    if (this.opens.size > this.limits.TRACKED_SESSIONS) this.opens.delete(this.opens.keys().next().value!);
    return null;
  }

  /** Registers a stream; answers its release function, or null when the total is reached. */
  acquire(session: string, close: () => void): (() => void) | null {
    const mine = [...this.open].filter((e) => e.session === session).sort((a, b) => a.opened - b.opened);
    while (mine.length >= this.limits.PER_SESSION) {
      const oldest = mine.shift()!;
      this.open.delete(oldest);
      oldest.close();
    }
    if (this.open.size >= this.limits.TOTAL) return null;
    const entry: Entry = { session, opened: performance.now(), close };
    this.open.add(entry);
    return () => {
      this.open.delete(entry);
    };
  }

  get size() {
    return this.open.size;
  }

  countFor(session: string) {
    return [...this.open].filter((e) => e.session === session).length;
  }
}

export const liveStreams = new StreamRegistry();
