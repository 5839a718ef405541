import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { ticketingJobs, type TicketingJob } from "~/db/schema";
import { db, IMMEDIATE, type DB } from "~/utils/db.server";

/**
 * The webhook's work queue (issue 41). The route stores a job and answers at once; the worker
 * claims due jobs with a lease (a crashed worker's jobs come back), refreshes, marks them done.
 */

// The server bundle and the Remix build each hold a copy of this module: the wake-up hook
// lives on globalThis so a job stored by the route reaches the worker started by the server.
const hook = globalThis as typeof globalThis & { __laughTicketingWake?: () => void };

export function setTicketingWake(wake: (() => void) | undefined) {
  hook.__laughTicketingWake = wake;
}

/** Tells the worker (if one runs in this process) that a job is waiting. Call after commit. */
export function wakeTicketingWorker() {
  hook.__laughTicketingWake?.();
}

/**
 * Stores a delivery's job, or makes the job of the same resource due again (a repeated or
 * retried delivery): one row per resource, whatever the number of deliveries.
 */
export function enqueueTicketingJob(
  input: { action: string; apiPath: string },
  now = new Date(),
  database: DB = db(),
): number {
  return database
    .insert(ticketingJobs)
    .values({ ...input, receivedAt: now, nextAttemptAt: now })
    .onConflictDoUpdate({
      target: ticketingJobs.apiPath,
      set: {
        action: input.action,
        status: "pending",
        attempts: 0,
        receivedAt: now,
        nextAttemptAt: now,
        leaseUntil: null,
        lastError: null,
      },
    })
    .returning({ id: ticketingJobs.id })
    .get().id;
}

/** Claims up to `limit` due jobs for `leaseMs` (oldest first). */
export function claimDueJobs(now: Date, leaseMs: number, limit = 10, database: DB = db()): TicketingJob[] {
  return database.transaction((tx) => {
    const due = tx
      .select()
      .from(ticketingJobs)
      .where(
        and(
          eq(ticketingJobs.status, "pending"),
          lte(ticketingJobs.nextAttemptAt, now),
          or(isNull(ticketingJobs.leaseUntil), lt(ticketingJobs.leaseUntil, now)),
        ),
      )
      .orderBy(asc(ticketingJobs.receivedAt))
      .limit(limit)
      .all();
    if (due.length === 0) return [];
    tx.update(ticketingJobs)
      .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          ticketingJobs.id,
          due.map((j) => j.id),
        ),
      )
      .run();
    return due;
  }, IMMEDIATE);
}

/**
 * Done: unless a new delivery of the same resource arrived while it ran (then it stays due).
 */
export function markJobDone(
  job: TicketingJob,
  eventExternalId: string | null,
  now = new Date(),
  database: DB = db(),
) {
  database
    .update(ticketingJobs)
    .set({ status: "done", doneAt: now, leaseUntil: null, eventExternalId, lastError: null })
    .where(and(eq(ticketingJobs.id, job.id), eq(ticketingJobs.receivedAt, job.receivedAt)))
    .run();
}

/** A failed attempt: due again at `retryAt`, or failed for good (null). */
export function markJobFailed(job: TicketingJob, error: string, retryAt: Date | null, database: DB = db()) {
  database
    .update(ticketingJobs)
    .set({
      status: retryAt ? "pending" : "failed",
      attempts: job.attempts + 1,
      nextAttemptAt: retryAt ?? job.nextAttemptAt,
      leaseUntil: null,
      lastError: error.slice(0, 500),
    })
    .where(and(eq(ticketingJobs.id, job.id), eq(ticketingJobs.receivedAt, job.receivedAt)))
    .run();
}

/** Jobs done or failed before `before` are forgotten. */
export function deleteOldJobs(before: Date, database: DB = db()): number {
  return database
    .delete(ticketingJobs)
    .where(and(inArray(ticketingJobs.status, ["done", "failed"]), lt(ticketingJobs.receivedAt, before)))
    .run().changes;
}

export function listJobs(database: DB = db()): TicketingJob[] {
  return database.select().from(ticketingJobs).orderBy(asc(ticketingJobs.id)).all();
}
