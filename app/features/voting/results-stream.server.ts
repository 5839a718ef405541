import { standingsEvent } from "~/features/voting/live-standings.server";
import { refusal } from "~/utils/form-pipeline.server";
import { liveStreams, STREAM_LIMITS } from "~/utils/live-streams.server";
import { getSession } from "~/utils/session.server";
import { onRoundChanged } from "~/utils/vote-events.server";

const HEARTBEAT_MS = 15_000;
/** Votes arriving together (a room voting at once) are sent as one update. */
export const COALESCE_MS = 200;

/**
 * Live standings of a round as server-sent events, for a request that already passed the
 * /results gate (app/routes/results.stream.ts). The vote path notifies an in-process emitter;
 * each stream sends the round's standings, read once for every stream waking together
 * (live-standings.server.ts). "Cache-Control: no-transform" keeps the compression middleware
 * from buffering the stream.
 *
 * Bounded (issue 13, app/utils/live-streams.server.ts): a few streams per session (a new one
 * closes the oldest), a ceiling in all (503), opens per session per minute (429), a client
 * that stops reading is closed, and every stream ends after its lifetime.
 */
export async function liveResultsStream(request: Request, roundId: number): Promise<Response> {
  const session = (await getSession(request)).id || "no-session";
  const wait = liveStreams.overRate(session);
  if (wait !== null) {
    return refusal(429, "Too many live views opened. The page will retry by itself.", wait);
  }
  let cleanup = () => {};
  const release = liveStreams.acquire(session, () => cleanup());
  if (!release) {
    return refusal(
      503,
      "Too many live views are open. The page will refresh by itself.",
      STREAM_LIMITS.RETRY_AFTER_SECONDS,
    );
  }

  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false;
        let pending: ReturnType<typeof setTimeout> | null = null;
        const write = (text: string) => {
          if (closed) return;
          // A client that stopped reading: close its stream rather than queue for ever.
          if ((controller.desiredSize ?? 0) < -STREAM_LIMITS.QUEUE_LIMIT) return cleanup();
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            cleanup();
          }
        };
        // Issue 18: what the projector may show (live, or hidden until revealed) and the
        // closing countdown; an automatic reveal step or the closing time sends an update too.
        let timed: ReturnType<typeof setTimeout> | null = null;
        const sendStandings = () => {
          pending = null;
          // Read once for every open stream of the round (issue 20: fan-out to hundreds of listeners).
          const event = standingsEvent(roundId);
          if (!event) return;
          const { display } = event;
          write(event.text);
          if (timed) clearTimeout(timed);
          timed = display.changesAt
            ? setTimeout(sendStandings, Math.max(50, display.changesAt - Date.now() + 20))
            : null;
        };
        write("retry: 2000\n\n");
        sendStandings();
        const unsubscribe = onRoundChanged((changed) => {
          if (changed === roundId && !pending) pending = setTimeout(sendStandings, COALESCE_MS);
        });
        const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
        const lifetime = setTimeout(() => cleanup(), STREAM_LIMITS.MAX_LIFETIME_MS);
        cleanup = () => {
          if (closed) return;
          closed = true;
          release();
          unsubscribe();
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          if (pending) clearTimeout(pending);
          if (timed) clearTimeout(timed);
          try {
            controller.close();
          } catch {
            /* already closed */
          }
        };
        request.signal.addEventListener("abort", () => cleanup(), { once: true });
      },
      cancel() {
        cleanup();
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
